import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import { articleDetailMeta } from '#app/features/articles/article-detail-meta.ts'
import { ArticleView } from '#app/features/articles/article-view.tsx'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { loadPolicyDetail } from '#app/features/articles/load-policies.ts'
import { policyDetailHref } from '#app/features/articles/policy-list-query.ts'

import type { Route } from './+types/policies-detail'

export const handle: RouteHandle = { title: '政策法规详情', query: ['id'] }

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadPolicyDetail(context.get(portalApiContext), id)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadPolicyDetail(getBrowserPortalApi(), id)
}

export default function PoliciesDetailRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <ArticleView
      article={loaderData.article}
      detailHref={policyDetailHref}
      kind="policy"
    />
  )
}

// A detail page puts its own title first, for screen readers and search engines.
export function meta(args: Route.MetaArgs) {
  return articleDetailMeta(args)
}
