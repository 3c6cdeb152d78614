import { lazy, Suspense } from 'react'

// antd's Result (with its pictures) comes only with a page that shows an error.
const ErrorResult = lazy(() => import('./error-result.tsx'))

/**
 * The page a visitor sees for an error. Rendered whole on the server; in the browser the
 * server's HTML stays in place until its code has loaded.
 */
export function ErrorPage({ status }: { status: number }) {
  return (
    <Suspense fallback={null}>
      <ErrorResult status={status} />
    </Suspense>
  )
}
