import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '联动监管详情' }

export default function LinkageDetailRoute() {
  return <SectionPlaceholder title="联动监管详情" />
}
