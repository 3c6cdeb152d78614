import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { SupervisionStatisticsView } from '#app/features/supervision/supervision-statistics-view.tsx'
import { statisticsQueryOf } from '#common/schemas/supervision-statistics.ts'

import type { Route } from './+types/supervision-statistics'

export const handle: RouteHandle = {
  title: '监督统计',
  query: ['year', 'quarter'],
}

export function loader({ request, context }: Route.LoaderArgs) {
  return context
    .get(portalApiContext)
    .supervisionStatistics(statisticsQueryOf(new URL(request.url).searchParams))
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return getBrowserPortalApi().supervisionStatistics(
    statisticsQueryOf(new URL(request.url).searchParams),
  )
}

export default function SupervisionStatisticsRoute({
  loaderData,
}: Route.ComponentProps) {
  return <SupervisionStatisticsView statistics={loaderData} />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '监督统计',
    description:
      '按季度和交易类别统计水利工程招标项目、平均招标期和投标人数，以及招标投标数据预警的核实、排除情况和由此建立的联动监管记录。预警是核查的线索，不是违法认定；只公布数字，不公布单位名称。',
    params: ['year', 'quarter'],
  })
}
