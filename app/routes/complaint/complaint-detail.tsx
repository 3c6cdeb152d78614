import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadResultDetail } from '#app/features/complaint/results/load-results.ts'
import {
  ResultDetail,
  resultTitle,
} from '#app/features/complaint/results/result-detail.tsx'

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
export function meta(args: Route.MetaArgs) {
  const result = args.loaderData?.result
  return pageMeta(args, {
    title: result ? resultTitle(result) : '投诉处理详情',
    description: result
      ? `${result.complaintTypeLabel}投诉，处理结论：${result.conclusionLabel}（${result.decidedAt.slice(0, 10)}）。${result.summary}`
      : undefined,
    params: ['id'],
  })
}
