import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '投诉处理结果' }

export default function ComplaintListRoute() {
  return <SectionPlaceholder title="投诉处理结果" />
}
