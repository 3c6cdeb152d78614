import { isRouteErrorResponse } from 'react-router'

import { ErrorPage } from './error-page.tsx'

// The common layout stays, so the visitor can navigate on.
export function RouteErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <div className="portal-panel">
      <ErrorPage status={status} />
    </div>
  )
}
