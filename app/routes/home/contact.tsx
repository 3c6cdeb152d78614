import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { SectionPlaceholder } from '#app/components/section-placeholder.tsx'

export const handle: RouteHandle = { title: '联系我们' }

export default function ContactRoute() {
  return <SectionPlaceholder title="联系我们" />
}
