import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '交易信息' }

export default function BusinessIndexRoute() {
  return <SectionPlaceholder title="交易信息" />
}
