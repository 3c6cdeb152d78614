import {
  type ShouldRevalidateFunctionArgs,
  useSearchParams,
} from 'react-router'

import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadProjectDetail } from '#app/features/projects/load-projects.ts'
import { ProjectView } from '#app/features/projects/project-view.tsx'

import type { Route } from './+types/business-detail'

export const handle: RouteHandle = { title: '项目详情', query: ['id', 'stage'] }

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadProjectDetail(context.get(portalApiContext), id)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadProjectDetail(getBrowserPortalApi(), id)
}

// Switching the stage tab changes only `stage` in the URL: the project is already loaded.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const isSameProject =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get('id') === nextUrl.searchParams.get('id')
  return isSameProject ? false : defaultShouldRevalidate
}

export default function BusinessDetailRoute({
  loaderData,
}: Route.ComponentProps) {
  const { project } = loaderData
  const requested = useSearchParams()[0].get('stage')
  // The stage in the URL when the project has it; else its current stage (the furthest
  // published one, as the lists show it).
  const stage =
    project.stages.find((s) => s.stage === requested)?.stage ??
    project.currentStage ??
    project.stages[0]?.stage ??
    ''
  return <ProjectView project={project} stage={stage} />
}

export function meta(args: Route.MetaArgs) {
  const project = args.loaderData?.project
  // The stage chooses the tab only when the project has it; else the page shows the latest.
  const stage = new URLSearchParams(args.location.search).get('stage')
  const hasStage = project?.stages.some((s) => s.stage === stage) ?? false
  return pageMeta(args, {
    title: project?.name,
    description:
      project && !project.withdrawal
        ? `${project.name}（项目编号 ${project.code}）：${project.categoryName}·${project.subTypeName}，${project.regionName}，招标人 ${project.tenderer}。各阶段公告、开标记录与交易结果。`
        : undefined,
    params: hasStage ? ['id', 'stage'] : ['id'],
    // A withdrawn item's address stays, saying so, but is no longer a page to find.
    isIndexable: !project?.withdrawal,
  })
}
