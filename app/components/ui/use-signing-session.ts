import { useRef, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { MSG_NOT_SIGNED_YET, MSG_SIGN_SUCCESS } from '#common/messages.ts'

import { useAppFeedback } from './app-feedback.tsx'
import type { CloseReason, SignDialogProps } from './sign-dialog-types.ts'

// 确认's answer, one at a time: 签章成功 takes the place of a 文件尚未签章 still shown from a click
// before sealing, instead of showing beside it.
const CONFIRM_NOTICE = 'signing-confirm'

// A phone: no popup window to come back from, the signing page takes the tab.
const SAME_TAB_MEDIA = '(max-width: 767px), (pointer: coarse)'
export const prefersSameTab = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia(SAME_TAB_MEDIA).matches

export function useSigningSession(props: SignDialogProps) {
  const { open, info, onChange, onClose, holder, sameTab } = props
  const { message } = useAppFeedback()
  const [opening, setOpening] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null)
  const client = () => props.client ?? getBrowserRegionalApi()
  // The dialog closes itself; the parent's `open` starts the next opening.
  const [hasClosed, setHasClosed] = useState(false)
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    setHasClosed(false)
  }
  // Each closing ends a session: an answer that arrives for an earlier one (a signed file after
  // the dialog closed) is dropped. Counted in the event handlers only, never in an effect, so a
  // click right after the dialog opens cannot be taken for an earlier session's.
  const session = useRef(0)

  // spec §4: closing without the reset flag emits close; the reset close of 确认 emits nothing,
  // the change follows it. Either closing ends this opening: nothing more is emitted from it.
  function close(reason: CloseReason | 'reset') {
    if (hasClosed) return
    session.current += 1
    setHasClosed(true)
    setBlockedUrl(null)
    if (reason !== 'reset') onClose(reason)
  }

  async function openSigningPage(inThisTab = sameTab && prefersSameTab()) {
    const current = session.current
    setOpening(true)
    setBlockedUrl(null)
    try {
      const url = await client().signingPageUrl({
        fileUrl: info.fullurl,
        fileName: info.name,
        fileId: info.id,
        type: info.signType,
        ...(holder
          ? { holderName: holder.name, holderIdNumber: holder.idNumber }
          : {}),
        ...(inThisTab && sameTab ? { returnUrl: sameTab.returnTo } : {}),
      })
      if (current !== session.current) return
      if (inThisTab && sameTab) {
        sameTab.onLeave()
        window.location.assign(url)
        return
      }
      // A popup blocker may refuse a window opened after a network call: offer the link.
      if (!window.open(url, '_blank')) setBlockedUrl(url)
    } catch {
      // the client has shown the reason
    } finally {
      setOpening(false)
    }
  }

  async function confirm() {
    const current = session.current
    setConfirming(true)
    try {
      const [signed] = await client().signedFiles({ fileId: info.id })
      if (current !== session.current) return
      if (!signed) {
        void message.warning({
          content: MSG_NOT_SIGNED_YET,
          key: CONFIRM_NOTICE,
        })
        return
      }
      void message.success({ content: MSG_SIGN_SUCCESS, key: CONFIRM_NOTICE })
      close('reset')
      onChange(
        {
          id: info.id,
          name: info.name,
          url: info.fullurl,
          fullurl: info.fullurl,
          isSign: true,
          signUrl: signed.fullurl || signed.url,
          signedFile: signed,
        },
        { noRefresh: info.noReresh === true },
      )
    } catch {
      // the client has shown the reason (e.g. 签章不是投诉人的)
    } finally {
      setConfirming(false)
    }
  }

  return {
    opening,
    confirming,
    blockedUrl,
    hasClosed,
    close,
    openSigningPage,
    confirm,
  }
}
