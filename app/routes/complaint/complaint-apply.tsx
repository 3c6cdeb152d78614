import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ComplaintApplyForm } from '#app/features/complaint/apply/complaint-apply-form.tsx'
// The page opens the complaint notice on arrival (useNoticeGuard): its dialog, which other pages
// load when first opened, comes here with the page's own code.
import '#app/features/complaint/complaint-notice-dialog.tsx'
import { useNoticeGuard } from '#app/features/complaint/apply/use-notice-guard.ts'
import { ONLINE_COMPLAINT_SUMMARY } from '#common/constants/online-complaint-steps.ts'

import type { Route } from './+types/complaint-apply'

export const handle: RouteHandle = { title: '我要投诉' }

export default function ComplaintApplyRoute() {
  useNoticeGuard()
  return (
    <>
      <h1 className="visually-hidden">我要投诉</h1>
      <ComplaintApplyForm />
    </>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '我要投诉',
    description: ONLINE_COMPLAINT_SUMMARY,
  })
}
