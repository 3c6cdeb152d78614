import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { FiguresView } from '#app/features/complaint/figures/figures-view.tsx'
import { figuresQueryOf } from '#common/schemas/complaint/complaint-figures.ts'

import type { Route } from './+types/complaint-figures'

export const handle: RouteHandle = { title: '投诉处理情况' }

export function loader({ request, context }: Route.LoaderArgs) {
  return context
    .get(portalApiContext)
    .complaintFigures(figuresQueryOf(new URL(request.url).searchParams))
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return getBrowserPortalApi().complaintFigures(
    figuresQueryOf(new URL(request.url).searchParams),
  )
}

export default function ComplaintFiguresRoute({
  loaderData,
}: Route.ComponentProps) {
  return <FiguresView figures={loaderData} />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '投诉处理情况',
    description:
      '行政监督部门办理水利工程招标投标投诉的情况：收到、受理、不予受理、撤回和作出处理决定的件数，按期处理率和办理用时，按月、季度和投诉类型统计。',
    params: ['year', 'period'],
  })
}
