import { isRouteErrorResponse } from 'react-router'

import { ErrorPage } from './error-page.tsx'

/**
 * A section's error boundary: when its data cannot be loaded (a missing article, the API not
 * answering), the message takes the content area and the common layout stays, so the visitor
 * can navigate on.
 */
export function RouteErrorBoundary({ error }: { error: unknown }) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <div className="portal-panel">
      <ErrorPage status={status} />
    </div>
  )
}
