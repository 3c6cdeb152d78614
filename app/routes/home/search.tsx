import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { AlertButton } from '#app/features/alerts/alert-button.tsx'
import { loadSearch } from '#app/features/search/load-search.ts'
import { SearchForm } from '#app/features/search/search-form.tsx'
import { SearchGuidance } from '#app/features/search/search-guidance.tsx'
import { SearchResults } from '#app/features/search/search-results.tsx'
import {
  parseSearchUrlQuery,
  SEARCH_URL_PARAMS,
} from '#app/features/search/search-url-query.ts'

import type { Route } from './+types/search'

export const handle: RouteHandle = {
  title: '站内搜索',
  query: SEARCH_URL_PARAMS,
}

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearchUrlQuery(new URL(request.url).searchParams)
  return loadSearch(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseSearchUrlQuery(new URL(request.url).searchParams)
  return loadSearch(getBrowserPortalApi(), query)
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { query, items, total, totalCapped } = loaderData
  return (
    <>
      <h1 className="visually-hidden">站内搜索</h1>
      <SearchForm query={query} />
      {query.keyword ? (
        <SearchResults
          query={query}
          items={items}
          total={total}
          totalCapped={totalCapped}
          action={
            <AlertButton
              filters={{
                scope: 'search',
                keyword: query.keyword,
                type: query.type === 'all' ? '' : query.type,
                category: '',
                region: '',
                stage: '',
              }}
            />
          }
        />
      ) : (
        <SearchGuidance />
      )}
    </>
  )
}

// A result page is not indexed: search engines index the pages the results lead to.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '站内搜索',
    description:
      '站内搜索：按关键字检索新闻资讯、政策法规、项目信息和交易公告，可按类别和发布时间筛选。',
    isIndexable: !args.loaderData?.query.keyword,
  })
}
