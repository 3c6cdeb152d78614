import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { LinkageView } from '#app/features/projects/linkage-view.tsx'
import { loadLinkageDetail } from '#app/features/projects/load-projects.ts'

import type { Route } from './+types/linkage-detail'

export const handle: RouteHandle = { title: '联动监管详情', query: ['id'] }

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadLinkageDetail(context.get(portalApiContext), id)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadLinkageDetail(getBrowserPortalApi(), id)
}

export default function LinkageDetailRoute({
  loaderData,
}: Route.ComponentProps) {
  return <LinkageView record={loaderData.record} />
}

export function meta(args: Route.MetaArgs) {
  const record = args.loaderData?.record
  return pageMeta(args, {
    title: record?.title,
    description: record
      ? `${record.project.name}联动监管：${record.item}，责任单位 ${record.responsibleUnit}，整改期限 ${record.deadline}，${record.statusName}。`
      : undefined,
    params: ['id'],
    // A withdrawn item's address stays, saying so, but is no longer a page to find.
    isIndexable: !record?.withdrawal,
  })
}
