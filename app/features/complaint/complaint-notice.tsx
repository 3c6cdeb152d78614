import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react'

import type { NoticeDialogProps } from './complaint-notice-dialog.tsx'
import { rememberNoticeRead } from './notice-read.ts'

export { hasReadComplaintNotice } from './notice-read.ts'

// The dialog (the guide's text) comes with the first page that opens it. Should it fail to
// load, nothing opens, and the root view's chunk-load guard tells the visitor.
const ComplaintNoticeDialog = lazy<ComponentType<NoticeDialogProps>>(() =>
  import('./complaint-notice-dialog.tsx').catch(() => ({
    default: () => null,
  })),
)

type Handlers = { onConfirm: () => void; onCancel?: () => void }
type NoticeApi = {
  openNotice(handlers: Handlers): void
}

const NoticeContext = createContext<NoticeApi | null>(null)

export function useComplaintNotice(): NoticeApi {
  const api = useContext(NoticeContext)
  if (!api) throw new Error('useComplaintNotice needs ComplaintNoticeProvider')
  return api
}

export function ComplaintNoticeProvider({ children }: { children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false)
  const [hasRead, setHasRead] = useState(false)
  const handlers = useRef<Handlers | null>(null)
  const api = useMemo<NoticeApi>(
    () => ({
      openNotice(next) {
        handlers.current = next
        setHasRead(false)
        setIsOpen(true)
      },
    }),
    [],
  )

  function close(confirmed: boolean) {
    setIsOpen(false)
    const current = handlers.current
    handlers.current = null
    if (confirmed) {
      rememberNoticeRead()
      current?.onConfirm()
    } else current?.onCancel?.()
  }

  return (
    <NoticeContext.Provider value={api}>
      {children}
      {isOpen ? (
        <Suspense fallback={null}>
          <ComplaintNoticeDialog
            hasRead={hasRead}
            onReadChange={setHasRead}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </NoticeContext.Provider>
  )
}
