import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { ComplaintApplyForm } from '#app/features/complaint/apply/complaint-apply-form.tsx'
import { useNoticeGuard } from '#app/features/complaint/apply/use-notice-guard.ts'

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
