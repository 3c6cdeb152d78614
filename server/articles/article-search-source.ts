import {
  ARTICLE_CATEGORY_NAMES,
  DOWNLOAD_CATEGORY_ID,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'
import {
  INDEXED_BODY_MAX,
  type SearchDocumentInput,
} from '#server/search/search-index.ts'
import {
  type SearchSource,
  searchSource,
} from '#server/search/search-sources.ts'
import { htmlToTextPrefix } from '#server/search/search-text.ts'
import { findPublishedArticlesAfter } from './article-index-repository.ts'
import { countArticles } from './article-repository.ts'

const POLICY_CATEGORY_IDS = new Set(
  POLICY_CATEGORIES.map((c) => Number(c.ctype)),
)

// Policies and the download centre's forms are types of their own, so news results hold news
// only.
export function articleSearchDocument(article: {
  id: number
  categoryId: number
  title: string
  content: string
  publishTime: string
}): SearchDocumentInput {
  return {
    type: POLICY_CATEGORY_IDS.has(article.categoryId)
      ? 'policy'
      : article.categoryId === DOWNLOAD_CATEGORY_ID
        ? 'download'
        : 'article',
    refId: article.id,
    categoryId: article.categoryId,
    subTypeName: ARTICLE_CATEGORY_NAMES[article.categoryId] ?? '',
    title: article.title,
    body: htmlToTextPrefix(article.content, INDEXED_BODY_MAX),
    publishTime: article.publishTime,
  }
}

export const articleSearchSource: SearchSource = searchSource(
  countArticles,
  findPublishedArticlesAfter,
  articleSearchDocument,
)
