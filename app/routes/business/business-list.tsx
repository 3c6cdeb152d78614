import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { ListPage } from '#app/components/ui/list-page.tsx'
import { BusinessFilters } from '#app/features/projects/business-filters.tsx'
import {
  businessListHref,
  parseBusinessListQuery,
} from '#app/features/projects/business-list-query.ts'
import { loadBusinessList } from '#app/features/projects/load-business.ts'
import { ProjectList } from '#app/features/projects/project-list.tsx'

import type { Route } from './+types/business-list'

export const handle: RouteHandle = { title: '交易列表' }

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseBusinessListQuery(new URL(request.url).searchParams)
  return loadBusinessList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseBusinessListQuery(new URL(request.url).searchParams)
  return loadBusinessList(getBrowserPortalApi(), query)
}

export default function BusinessListRoute({
  loaderData,
}: Route.ComponentProps) {
  const { query, typeTree, items, total } = loaderData
  return (
    <ListPage
      title="交易列表"
      search={<BusinessFilters query={query} typeTree={typeTree} />}
      count={items.length}
      total={total}
      page={query.page}
      pageHref={(page) => businessListHref(query, { page })}
      emptyText="暂无符合条件的项目，请调整查询条件后重试"
    >
      <ProjectList items={items} />
    </ListPage>
  )
}
