import { ARTICLE_CATEGORY_NAMES } from '#common/constants/articles.ts'
import {
  type ArticleFeed,
  NEWS_FEEDS,
  POLICY_FEEDS,
} from '#common/constants/feeds.ts'
import { articlePath } from '#common/public-paths.ts'
import {
  feedSummary,
  type FeedSource,
  idBlockSitemapSource,
  laterTime,
} from '#server/open-data/open-data-sources.ts'

import {
  findNewestArticles,
  findPublishedArticleBlocks,
  findPublishedArticleStamps,
} from './article-open-data-repository.ts'

function articleFeedSource(feed: ArticleFeed): FeedSource {
  return {
    ...feed,
    async items(db, limit) {
      const rows = await findNewestArticles(db, feed.categoryIds, limit)
      return rows.map((row) => ({
        title: row.title,
        path: articlePath(row.id, row.categoryId),
        summary: feedSummary(row.summary, row.contentStart),
        category: ARTICLE_CATEGORY_NAMES[row.categoryId] ?? '',
        published: row.publishTime,
        updated: laterTime(row.publishTime, row.updatedAt)!,
      }))
    },
  }
}

export const articleFeedSources: FeedSource[] = [
  ...NEWS_FEEDS,
  ...POLICY_FEEDS,
].map(articleFeedSource)

// A revision's publication rewrites `updated_at`.
export const articleSitemapSource = idBlockSitemapSource({
  kind: 'articles',
  blocks: findPublishedArticleBlocks,
  rows: findPublishedArticleStamps,
  entry: (row) => ({
    path: articlePath(row.id, row.categoryId),
    lastmod: laterTime(row.publishTime, row.updatedAt),
  }),
})
