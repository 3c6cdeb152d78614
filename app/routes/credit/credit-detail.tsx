import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { CreditView } from '#app/features/credit/credit-view.tsx'
import { loadCreditDetail } from '#app/features/credit/load-credit.ts'

import type { Route } from './+types/credit-detail'

export const handle: RouteHandle = { title: '信用记录详情', query: ['id'] }

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadCreditDetail(context.get(portalApiContext), id)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadCreditDetail(getBrowserPortalApi(), id)
}

export default function CreditDetailRoute({
  loaderData,
}: Route.ComponentProps) {
  return <CreditView record={loaderData.record} />
}

export function meta(args: Route.MetaArgs) {
  const record = args.loaderData?.record
  if (!record || record.isWithdrawn)
    return pageMeta(args, {
      title: record ? '信用记录已撤回' : undefined,
      params: ['id'],
      // A withdrawn record's address stays, saying so, but is no longer a page to find.
      isIndexable: false,
    })
  return pageMeta(args, {
    title: `${record.partyName}${record.decisionTypeName}`,
    description: `${record.partyName}（${record.partyKindName}）${record.violation}。${record.authority}于${record.decisionDate}作出${record.decisionTypeName}：${record.decision}`,
    params: ['id'],
  })
}
