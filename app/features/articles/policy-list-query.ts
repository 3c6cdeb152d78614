import { href } from 'react-router'

import {
  type ArticleListQuery,
  createArticleListQuery,
} from './article-list-query.ts'
import { POLICY_CATEGORIES } from '#common/constants/articles.ts'

export type PolicyListQuery = ArticleListQuery

export const policyListUrl = createArticleListQuery({
  path: href('/policies/list'),
  categories: POLICY_CATEGORIES,
  defaultCategory: 'national',
})

export const policyDetailHref = (id: number) =>
  `${href('/policies/detail')}?id=${id}`

export function policyCategory(key: string) {
  return POLICY_CATEGORIES.find((c) => c.key === key) ?? POLICY_CATEGORIES[0]
}
