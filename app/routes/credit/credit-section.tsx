import { Outlet } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { RouteErrorBoundary } from '#app/components/ui/route-error-boundary.tsx'

export const handle: RouteHandle = { title: '信用信息' }

// Public credit records (不良行为记录 / 行政处罚公示): the list and each record's page.
export default function Section() {
  return <Outlet />
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorBoundary error={error} />
}
