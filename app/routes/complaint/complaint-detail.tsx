import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { loadResultDetail } from '#app/features/complaint/results/load-results.ts'
import {
  ResultDetail,
  resultTitle,
} from '#app/features/complaint/results/result-detail.tsx'
import { PLATFORM_NAME } from '#common/constants/site.ts'

import type { Route } from './+types/complaint-detail'

export const handle: RouteHandle = { title: '投诉处理详情' }

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadResultDetail(context.get(portalApiContext), id)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadResultDetail(getBrowserPortalApi(), id)
}

export default function ComplaintDetailRoute({
  loaderData,
}: Route.ComponentProps) {
  return <ResultDetail result={loaderData.result} />
}

// The complaint names its own page, as the list's link and the page's heading do.
export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: PLATFORM_NAME }]
  return [{ title: `${resultTitle(loaderData.result)} - ${PLATFORM_NAME}` }]
}
