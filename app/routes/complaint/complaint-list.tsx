import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadResultsList } from '#app/features/complaint/results/load-results.ts'
import { ResultsList } from '#app/features/complaint/results/results-list.tsx'
import { parseResultsQuery } from '#app/features/complaint/results/results-query.ts'

import type { Route } from './+types/complaint-list'

export const handle: RouteHandle = { title: '投诉处理结果' }

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseResultsQuery(new URL(request.url).searchParams)
  return loadResultsList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseResultsQuery(new URL(request.url).searchParams)
  return loadResultsList(getBrowserPortalApi(), query)
}

export default function ComplaintListRoute({
  loaderData,
}: Route.ComponentProps) {
  return <ResultsList {...loaderData} />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '投诉处理结果',
    description:
      '行政监督部门依法公开的水利工程招标投标投诉处理结果：项目、投诉类型、处理结论和决定日期，个人信息已脱敏。',
    params: ['page'],
  })
}
