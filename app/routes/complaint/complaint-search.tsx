import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '投诉查询' }

export default function ComplaintSearchRoute() {
  return <SectionPlaceholder title="投诉查询" />
}
