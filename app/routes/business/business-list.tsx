import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '交易列表' }

export default function BusinessListRoute() {
  return <SectionPlaceholder title="交易列表" />
}
