import { Outlet } from 'react-router'

import { RouteErrorBoundary } from '#app/components/ui/route-error-boundary.tsx'

// The root path: its index redirects to /index; login, search and contact hang below it.
export default function Home() {
  return <Outlet />
}

export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorBoundary error={error} />
}
