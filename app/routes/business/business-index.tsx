import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ProjectCharts } from '#app/features/projects/project-charts.tsx'
import { drawProjectCharts } from '#app/features/projects/project-charts.server.ts'
import { LatestProjects } from '#app/features/projects/latest-projects.tsx'
import { loadProjectOverview } from '#app/features/projects/load-projects.ts'

import type { Route } from './+types/business-index'

export const handle: RouteHandle = { title: '交易信息', query: [] }

// The first load's charts come drawn: no chart code before someone points at one.
export async function loader({ context }: Route.LoaderArgs) {
  const overview = await loadProjectOverview(context.get(portalApiContext))
  return { ...overview, drawn: drawProjectCharts(overview.statistics) }
}

export function clientLoader() {
  return loadProjectOverview(getBrowserPortalApi())
}

export default function BusinessIndexRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">交易信息</h1>
      <ProjectCharts
        statistics={loaderData.statistics}
        drawn={'drawn' in loaderData ? loaderData.drawn : undefined}
      />
      <LatestProjects latest={loaderData.latest} />
    </>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '交易信息',
    description:
      '水利工程建设项目交易统计，以及工程建设、政府采购、土地使用权、矿业权和国有产权各类交易最新的公告与结果。',
  })
}
