import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadPoliciesOverview } from '#app/features/articles/load-policies.ts'
import { PolicyOverview } from '#app/features/articles/policy-overview.tsx'
import { POLICY_CATEGORIES } from '#common/constants/articles.ts'
import { POLICIES_FEED } from '#common/constants/feeds.ts'

import type { Route } from './+types/policies-index'

export const handle: RouteHandle = { title: '政策法规', query: [] }

export function loader({ context }: Route.LoaderArgs) {
  return loadPoliciesOverview(context.get(portalApiContext))
}

export function clientLoader() {
  return loadPoliciesOverview(getBrowserPortalApi())
}

export default function PoliciesIndexRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">政策法规</h1>
      <PolicyOverview categories={loaderData.categories} feed={POLICIES_FEED} />
    </>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '政策法规',
    description: `招标投标政策法规：${POLICY_CATEGORIES.map((c) => c.label).join('、')}，每类列出最新文件。`,
    feeds: [POLICIES_FEED],
  })
}
