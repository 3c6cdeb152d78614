import { Outlet } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { RouteErrorBoundary } from '#app/components/ui/route-error-boundary.tsx'

export const handle: RouteHandle = { title: '信用信息' }

export default function Section() {
  return <Outlet />
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorBoundary error={error} />
}
