import { Button, Checkbox, Modal } from 'antd'
import {
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react'

import {
  COMPLAINT_GUIDE,
  COMPLAINT_LEGAL_BASIS,
} from '#common/constants/complainant-guide.ts'
import { MSG_NOTICE_READ } from '#common/messages.ts'

import styles from './complaint-notice.module.css'

type Handlers = { onConfirm: () => void; onCancel?: () => void }
type NoticeApi = {
  /** Opens the notice; onConfirm runs once the visitor has ticked and confirmed. */
  openNotice(handlers: Handlers): void
}

const NoticeContext = createContext<NoticeApi | null>(null)

/** The session remembers a confirmed notice, so a reload of the form does not ask again. */
const READ_KEY = 'complaint-notice-read'

export function hasReadComplaintNotice(): boolean {
  try {
    return window.sessionStorage.getItem(READ_KEY) === '1'
  } catch {
    return false
  }
}

/** The notice dialog's opener, for pages under the root view. */
export function useComplaintNotice(): NoticeApi {
  const api = useContext(NoticeContext)
  if (!api) throw new Error('useComplaintNotice needs ComplaintNoticeProvider')
  return api
}

/**
 * The root view's complaint-notice dialog (spec §2, §4): confirm stays disabled until
 * 我已阅读以上内容 is ticked; there is no close icon and a click outside does not close it.
 */
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
      try {
        window.sessionStorage.setItem(READ_KEY, '1')
      } catch {
        // Storage may be off; the notice is then shown again next time.
      }
      current?.onConfirm()
    } else current?.onCancel?.()
  }

  return (
    <NoticeContext.Provider value={api}>
      {children}
      <Modal
        open={isOpen}
        title="投诉须知"
        // Only the buttons close it: no icon, no click outside, no Escape.
        onCancel={() => close(false)}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        width={720}
        centered
        footer={
          <div className={styles.footer}>
            <Checkbox
              checked={hasRead}
              onChange={(event) => setHasRead(event.target.checked)}
            >
              {MSG_NOTICE_READ}
            </Checkbox>
            <span>
              <Button onClick={() => close(false)}>暂不投诉</Button>
              <Button
                type="primary"
                disabled={!hasRead}
                onClick={() => close(true)}
              >
                确定
              </Button>
            </span>
          </div>
        }
      >
        <div className={styles.body}>
          <p>
            为维护招标投标活动的公平、公正，保护投诉人和被投诉人的合法权益，依据
            {COMPLAINT_LEGAL_BASIS.join('、')}
            等规定，请在提交投诉前仔细阅读以下内容。
          </p>
          {COMPLAINT_GUIDE.map((section) => (
            <section key={section.title}>
              <h3 className={styles.heading}>{section.title}</h3>
              {section.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </section>
          ))}
        </div>
      </Modal>
    </NoticeContext.Provider>
  )
}
