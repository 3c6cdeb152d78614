import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { ComplaintGuide } from '#app/features/complaint/complaint-guide.tsx'

export const handle: RouteHandle = { title: '投诉须知' }

export default function ComplaintIndexRoute() {
  return <ComplaintGuide />
}
