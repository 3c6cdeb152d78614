import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '政策法规详情' }

export default function PoliciesDetailRoute() {
  return <SectionPlaceholder title="政策法规详情" />
}
