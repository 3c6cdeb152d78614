import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '投诉处理详情' }

export default function ComplaintDetailRoute() {
  return <SectionPlaceholder title="投诉处理详情" />
}
