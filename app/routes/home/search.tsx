import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '站内搜索' }

export default function SearchRoute() {
  return <SectionPlaceholder title="站内搜索" />
}
