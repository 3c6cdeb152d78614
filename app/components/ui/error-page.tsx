import { lazy, Suspense } from 'react'
import { href } from 'react-router'

import { ChunkErrorBoundary } from './chunk-error-boundary.tsx'
import { ERROR_MESSAGES, errorMessage } from './error-messages.ts'

// antd's Result (with its pictures) comes only with a page that shows an error.
const ErrorResult = lazy(() => import('./error-result.tsx'))

// Should React draw it afresh before its code arrives (an update above it while it hydrates),
// or should that code not arrive, the message shows without antd's look rather than an empty page.
export function ErrorPage({ status }: { status: number }) {
  const message = errorMessage(status)
  const isServerError = !(status in ERROR_MESSAGES) || status >= 500
  const plain = (
    <div className="portal-error-plain">
      <h1 className="portal-result-heading">{message.title}</h1>
      <p>{message.text}</p>
      <p className="portal-error-plain-actions">
        {isServerError ? (
          <button type="button" onClick={() => window.location.reload()}>
            重新加载
          </button>
        ) : null}
        <a href={href('/index/new')}>返回首页</a>
      </p>
    </div>
  )
  // A failed chunk must end here: above the error page there is only React Router's own
  // English error screen.
  return (
    <ChunkErrorBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <ErrorResult status={status} />
      </Suspense>
    </ChunkErrorBoundary>
  )
}
