import type { PortalApi } from '#common/portal-api.ts'

import { type SearchUrlQuery, toSearchPageQuery } from './search-url-query.ts'

// Without a keyword the server is not asked: the page shows what to search for instead.
export async function loadSearch(api: PortalApi, query: SearchUrlQuery) {
  if (!query.keyword) return { query, items: [], total: 0, totalCapped: false }
  const page = await api.searchPageList(toSearchPageQuery(query))
  return {
    query,
    items: page.Table,
    total: page.Total,
    totalCapped: page.totalCapped,
  }
}
