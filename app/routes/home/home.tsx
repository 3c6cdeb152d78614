import { Outlet } from 'react-router'

import { RouteErrorBoundary } from '#app/components/ui/route-error-boundary.tsx'

export default function Home() {
  return <Outlet />
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorBoundary error={error} />
}
