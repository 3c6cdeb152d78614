import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { CreditFilters } from '#app/features/credit/credit-filters.tsx'
import { CreditList } from '#app/features/credit/credit-list.tsx'
import {
  CREDIT_LIST_PARAMS,
  creditListHref,
  parseCreditListQuery,
} from '#app/features/credit/credit-list-query.ts'
import { loadCreditList } from '#app/features/credit/load-credit.ts'
import { creditStatusLabel } from '#common/constants/credit.ts'
import { CREDIT_FEED, feedsOf } from '#common/constants/feeds.ts'

import type { Route } from './+types/credit-list'

export const handle: RouteHandle = {
  title: '信用信息列表',
  query: CREDIT_LIST_PARAMS,
}

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseCreditListQuery(new URL(request.url).searchParams)
  return loadCreditList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseCreditListQuery(new URL(request.url).searchParams)
  return loadCreditList(getBrowserPortalApi(), query)
}

export default function CreditListRoute({ loaderData }: Route.ComponentProps) {
  const { query, items, total, counts, years } = loaderData
  const archivedElsewhere = query.status === 'public' ? counts.archived : 0
  return (
    <CreditList
      title="信用信息"
      search={<CreditFilters query={query} counts={counts} years={years} />}
      items={items}
      total={total}
      page={query.page}
      pageHref={(page) => creditListHref(query, { page })}
      feed={CREDIT_FEED}
      note="不良行为记录和行政处罚决定自决定之日起公示六个月（限制期限更长的，公示至限制期限届满），期满后归档，仍可免费查询。"
      emptyText={
        archivedElsewhere > 0
          ? `公示中没有符合条件的记录；已归档的记录中有 ${archivedElsewhere} 条，请在「公示状态」中选择「已归档」查看`
          : '暂无符合条件的信用记录，请调整查询条件后重试'
      }
    />
  )
}

export function meta(args: Route.MetaArgs) {
  const status = args.loaderData?.query.status ?? 'public'
  const label = status === 'all' ? '全部' : creditStatusLabel(status)
  return pageMeta(args, {
    title: `信用信息·${label}`,
    description:
      '水利工程建设项目招标投标活动中投标人、招标代理机构、评标专家和招标人的不良行为记录与行政处罚决定公示，可按当事人名称、统一社会信用代码、类别和年份查询。',
    params: ['status', 'page'],
    feeds: feedsOf(CREDIT_FEED),
  })
}
