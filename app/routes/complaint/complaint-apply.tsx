import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ApplyNotice } from '#app/features/complaint/apply/apply-notice.tsx'
import { DeferredApplyForm } from '#app/features/complaint/apply/deferred-apply-form.tsx'
import { ONLINE_COMPLAINT_SUMMARY } from '#common/constants/online-complaint-steps.ts'

import type { Route } from './+types/complaint-apply'

export const handle: RouteHandle = { title: '我要投诉' }

export default function ComplaintApplyRoute() {
  return (
    <>
      <h1 className="visually-hidden">我要投诉</h1>
      <ApplyNotice />
      <DeferredApplyForm />
    </>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '我要投诉',
    description: ONLINE_COMPLAINT_SUMMARY,
  })
}
