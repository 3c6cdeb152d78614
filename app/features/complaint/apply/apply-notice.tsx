import { useEffect, useState, useSyncExternalStore } from 'react'
import { href, useNavigate } from 'react-router'

import ComplaintNoticeDialog from '#app/features/complaint/complaint-notice-dialog.tsx'
import {
  hasReadComplaintNotice,
  NOTICE_READ_KEY,
  rememberNoticeRead,
} from '#app/features/complaint/notice-read.ts'

import { openApplyForm } from './apply-form-gate.ts'

const noSubscription = () => () => undefined

// When the notice was confirmed earlier in this session, hidden before it is painted. The CSP
// lists the hash of every inline script of a page (server/pages/content-security-policy.ts).
const HIDE_READ_NOTICE = `try {
  if (sessionStorage.getItem(${JSON.stringify(NOTICE_READ_KEY)}) === '1')
    document.currentScript.previousElementSibling.hidden = true
} catch {}`

// In the page's HTML, open, so that it is the first thing a visitor reads (spec §4).
export function ApplyNotice() {
  const navigate = useNavigate()
  // The server, and the browser while it hydrates the page, show it; then the session decides.
  const wasRead = useSyncExternalStore(
    noSubscription,
    hasReadComplaintNotice,
    () => false,
  )
  const isServerHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  )
  const [isConfirmed, setIsConfirmed] = useState(false)
  const [hasRead, setHasRead] = useState(false)
  useEffect(() => {
    if (wasRead) openApplyForm()
  }, [wasRead])
  if (wasRead || isConfirmed) return null
  return (
    <ComplaintNoticeDialog
      hasRead={hasRead}
      onReadChange={(next) => {
        setHasRead(next)
        // Most visitors confirm right after ticking: the form loads meanwhile.
        if (next) openApplyForm()
      }}
      onClose={(confirmed) => {
        if (!confirmed) return void navigate(href('/complaint/index'))
        rememberNoticeRead()
        setIsConfirmed(true)
        openApplyForm()
      }}
    >
      {isServerHtml ? (
        <script dangerouslySetInnerHTML={{ __html: HIDE_READ_NOTICE }} />
      ) : null}
    </ComplaintNoticeDialog>
  )
}
