import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '项目详情' }

export default function BusinessDetailRoute() {
  return <SectionPlaceholder title="项目详情" />
}
