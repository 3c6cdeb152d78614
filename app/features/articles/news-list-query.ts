import { href } from 'react-router'

import {
  type ArticleListQuery,
  createArticleListQuery,
} from './article-list-query.ts'
import {
  ARTICLE_CATEGORY_NAMES,
  NEWS_CATEGORIES,
} from '#common/constants/articles.ts'

export type NewsListQuery = ArticleListQuery

export const newsListUrl = createArticleListQuery({
  path: href('/index/newList'),
  categories: NEWS_CATEGORIES,
  defaultCategory: 'all',
})

export const parseNewsListQuery = newsListUrl.parse
export const toArticlePageQuery = newsListUrl.toApiQuery
export const newsListHref = newsListUrl.href

export const newsDetailHref = (id: number) =>
  `${href('/index/newDetail')}?id=${id}`

// spec §9 makes 全部 1073 and 1001 only, so a reader does not look for 新闻动态 there.
export const ALL_NEWS_NOTE = (() => {
  const [all, ...single] = NEWS_CATEGORIES
  const codes = all.ctype.split(',')
  const included = codes.map((code) => ARTICLE_CATEGORY_NAMES[Number(code)])
  const left = single
    .filter((c) => !codes.includes(c.ctype))
    .map((c) => c.label)
  const without = left.length > 0 ? `，不含${left.join('、')}` : ''
  return `“${all.label}”含${included.join('、')}${without}`
})()
