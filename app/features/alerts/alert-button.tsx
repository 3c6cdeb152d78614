import { BellOutlined } from '@ant-design/icons'
import { lazy, Suspense, useState } from 'react'

import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { PlainButtonLink } from '#app/components/ui/plain-button.tsx'
import { type AlertFilters, alertSubscribeHref } from '#common/alert-filters.ts'

const load = () => import('./alert-dialog.tsx')
const AlertDialog = lazy(load)

// A link to the subscription page, which works without scripts; with them the dialog loads on
// the first click, so the list's first view carries none of it.
export function AlertButton({ filters }: { filters: AlertFilters }) {
  const [isOpen, setIsOpen] = useState(false)
  const [hasOpened, setHasOpened] = useState(false)
  const href = alertSubscribeHref(filters)
  return (
    <>
      <PlainButtonLink
        href={href}
        icon={<BellOutlined />}
        aria-haspopup="dialog"
        onClick={(event) => {
          // A new tab or window gets the page.
          if (
            event.metaKey ||
            event.ctrlKey ||
            event.shiftKey ||
            event.button !== 0
          )
            return
          event.preventDefault()
          load().then(
            () => {
              setHasOpened(true)
              setIsOpen(true)
            },
            () => window.location.assign(href),
          )
        }}
      >
        订阅提醒
      </PlainButtonLink>
      {hasOpened ? (
        <ChunkErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <AlertDialog
              open={isOpen}
              filters={filters}
              onClose={() => setIsOpen(false)}
            />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </>
  )
}
