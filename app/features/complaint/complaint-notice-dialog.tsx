import { type ReactNode, useEffect, useId, useRef } from 'react'
import { href } from 'react-router'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import {
  PlainButton,
  PlainButtonLink,
} from '#app/components/ui/plain-button.tsx'
import '#app/styles/antd.generated/checkbox.css'
import '#app/styles/antd.generated/modal.css'
import {
  COMPLAINT_GUIDE,
  COMPLAINT_LEGAL_BASIS,
} from '#common/constants/complainant-guide.ts'
import { MSG_NOTICE_READ } from '#common/messages.ts'

import styles from './complaint-notice.module.css'

export type NoticeDialogProps = {
  hasRead: boolean
  onReadChange: (hasRead: boolean) => void
  onClose: (confirmed: boolean) => void
  // For a script that hides it before the first paint (the filing page).
  children?: ReactNode
}

const FOCUSABLE = 'a[href], input:not([disabled]), button:not([disabled])'

// spec §2, §4. Drawn with antd's Modal classes on plain elements, so that the filing page can
// send it open in its HTML: antd's Modal renders only in the browser, after some 40 KB of script.
export default function ComplaintNoticeDialog({
  hasRead,
  onReadChange,
  onClose,
  children,
}: NoticeDialogProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)
  const checkbox = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // A tick given before the page's scripts ran is kept.
    if (checkbox.current?.checked) onReadChange(true)
    const before = document.activeElement
    // Unless the visitor is already in it (the filing page shows it before its scripts run).
    if (!dialog.current?.contains(before)) dialog.current?.focus()
    // Tab and Shift+Tab go round the dialog's controls, never to the page behind.
    function keepFocusWithin(event: KeyboardEvent) {
      if (event.key !== 'Tab' || !dialog.current) return
      const all = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const [first, last] = [all[0], all.at(-1)]
      if (!first || !last) return
      const active = document.activeElement
      const isInside = dialog.current.contains(active)
      if (
        event.shiftKey &&
        (!isInside || active === first || active === dialog.current)
      ) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!isInside || active === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', keepFocusWithin)
    return () => {
      document.removeEventListener('keydown', keepFocusWithin)
      if (before instanceof HTMLElement && before.isConnected) before.focus()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as it opens
  }, [])

  return (
    <>
      <div
        className={`ant-modal-root ${THEME_SCOPE} ant-modal-css-var ${styles.root}`}
      >
        <div className="ant-modal-mask" />
        <div className="ant-modal-wrap ant-modal-centered">
          <div
            ref={dialog}
            role="dialog"
            aria-labelledby={titleId}
            aria-modal="true"
            className="ant-modal"
            tabIndex={-1}
            style={{ width: 720 }}
          >
            <div className="ant-modal-container">
              <div className="ant-modal-header">
                <div className="ant-modal-title" id={titleId}>
                  投诉须知
                </div>
              </div>
              <div className="ant-modal-body">
                <div className={styles.body}>
                  <p>
                    为维护招标投标活动的公平、公正，保护投诉人和被投诉人的合法权益，依据
                    {COMPLAINT_LEGAL_BASIS.join('、')}
                    等规定，请在提交投诉前仔细阅读以下内容。
                  </p>
                  {/* h2: on the filing page the dialog stands right under the page's h1. */}
                  {COMPLAINT_GUIDE.map((section) => (
                    <section key={section.title}>
                      <h2 className={styles.heading}>{section.title}</h2>
                      {section.paragraphs.map((text) => (
                        <p key={text}>{text}</p>
                      ))}
                    </section>
                  ))}
                  <noscript>
                    <p>在线投诉需要浏览器运行脚本，请启用脚本后刷新本页。</p>
                  </noscript>
                </div>
              </div>
              <div className="ant-modal-footer">
                <div className={styles.footer}>
                  <label
                    className={`ant-checkbox-wrapper${hasRead ? ' ant-checkbox-wrapper-checked' : ''} ${THEME_SCOPE} ant-checkbox-css-var`}
                  >
                    <span
                      className={`ant-checkbox${hasRead ? ' ant-checkbox-checked' : ''}`}
                    >
                      <input
                        ref={checkbox}
                        className="ant-checkbox-input"
                        type="checkbox"
                        checked={hasRead}
                        onChange={(event) => onReadChange(event.target.checked)}
                      />
                    </span>
                    <span className="ant-checkbox-label">
                      {MSG_NOTICE_READ}
                    </span>
                  </label>
                  <span>
                    {/* A link: before the page's scripts run it leads back to the guide. */}
                    <PlainButtonLink
                      href={href('/complaint/index')}
                      onClick={(event) => {
                        event.preventDefault()
                        onClose(false)
                      }}
                    >
                      暂不投诉
                    </PlainButtonLink>
                    <PlainButton
                      variant="primary"
                      disabled={!hasRead}
                      onClick={() => onClose(true)}
                    >
                      确定
                    </PlainButton>
                  </span>
                </div>
              </div>
            </div>
          </div>
        </div>
      </div>
      {children}
    </>
  )
}
