import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { LinkageView } from '#app/features/projects/linkage-view.tsx'
import { loadLinkageDetail } from '#app/features/projects/load-projects.ts'
import { PLATFORM_NAME } from '#common/constants/site.ts'

import type { Route } from './+types/linkage-detail'

export const handle: RouteHandle = { title: '联动监管详情' }

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

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: PLATFORM_NAME }]
  return [{ title: `${loaderData.record.title} - ${PLATFORM_NAME}` }]
}
