import { href } from 'react-router'

import {
  type ArticleListQuery,
  createArticleListQuery,
} from './article-list-query.ts'
import { NEWS_CATEGORIES } from '#common/constants/articles.ts'

export type NewsListQuery = ArticleListQuery

/** /index/newList: the news categories of spec §9, "all" by default. */
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
