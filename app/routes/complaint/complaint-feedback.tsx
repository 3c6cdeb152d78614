import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '意见反馈' }

export default function ComplaintFeedbackRoute() {
  return <SectionPlaceholder title="意见反馈" />
}
