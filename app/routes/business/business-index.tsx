import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { BusinessCharts } from '#app/features/projects/business-charts.tsx'
import { LatestProjects } from '#app/features/projects/latest-projects.tsx'
import { loadBusinessIndex } from '#app/features/projects/load-business.ts'

import type { Route } from './+types/business-index'

export const handle: RouteHandle = { title: '交易信息' }

export function loader({ context }: Route.LoaderArgs) {
  return loadBusinessIndex(context.get(portalApiContext))
}

export function clientLoader() {
  return loadBusinessIndex(getBrowserPortalApi())
}

export default function BusinessIndexRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">交易信息</h1>
      <BusinessCharts statistics={loaderData.statistics} />
      <LatestProjects latest={loaderData.latest} />
    </>
  )
}
