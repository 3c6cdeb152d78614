import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '政策法规列表' }

export default function PoliciesListRoute() {
  return <SectionPlaceholder title="政策法规列表" />
}
