import { loadArticleDetail } from './load-article-detail.ts'
import { POLICY_CATEGORIES } from '#common/constants/articles.ts'
import type { PortalApi } from '#common/portal-api.ts'

import { type PolicyListQuery, policyListUrl } from './policy-list-query.ts'

const OVERVIEW_SIZE = 6
const POLICY_CATEGORY_IDS = POLICY_CATEGORIES.map((c) => Number(c.ctype))

export async function loadPoliciesOverview(api: PortalApi) {
  const pages = await Promise.all(
    POLICY_CATEGORIES.map((category) =>
      api.articlePageList({
        pageNo: 1,
        pageSize: OVERVIEW_SIZE,
        ptype: 'jd',
        ctype: category.ctype,
      }),
    ),
  )
  return {
    categories: POLICY_CATEGORIES.map((category, i) => ({
      ...category,
      items: pages[i]?.Table ?? [],
      total: pages[i]?.Total ?? 0,
    })),
  }
}

export async function loadPolicyList(api: PortalApi, query: PolicyListQuery) {
  const page = await api.articlePageList(policyListUrl.toApiQuery(query))
  return {
    query,
    items: page.Table,
    total: page.Total,
    isTotalCapped: page.totalCapped ?? false,
  }
}

export function loadPolicyDetail(api: PortalApi, idParam: string | null) {
  return loadArticleDetail(api, idParam, POLICY_CATEGORY_IDS)
}
