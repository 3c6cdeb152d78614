import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ComplaintGuide } from '#app/features/complaint/complaint-guide.tsx'

import type { Route } from './+types/complaint-index'

export const handle: RouteHandle = { title: '投诉须知', query: [] }

export default function ComplaintIndexRoute() {
  return <ComplaintGuide />
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '投诉须知',
    description:
      '水利工程招标投标投诉须知：谁可以投诉、投诉时限、投诉书内容与证明材料、如实投诉，以及在线投诉、投诉查询、处理结果公开和意见反馈入口。',
  })
}
