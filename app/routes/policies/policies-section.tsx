import { Outlet } from 'react-router'

import { RouteErrorBoundary } from '#app/components/ui/route-error-boundary.tsx'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'

export const handle: RouteHandle = { title: '政策法规' }

export default function Section() {
  return <Outlet />
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorBoundary error={error} />
}
