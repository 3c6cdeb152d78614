import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '我要投诉' }

export default function ComplaintApplyRoute() {
  return <SectionPlaceholder title="我要投诉" />
}
