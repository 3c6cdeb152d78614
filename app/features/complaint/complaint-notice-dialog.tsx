import { Button, Checkbox, Modal } from 'antd'

import {
  COMPLAINT_GUIDE,
  COMPLAINT_LEGAL_BASIS,
} from '#common/constants/complainant-guide.ts'
import { MSG_NOTICE_READ } from '#common/messages.ts'

import styles from './complaint-notice.module.css'

/**
 * The complaint-notice dialog of the root view (spec §2, §4): confirm stays disabled until
 * 我已阅读以上内容 is ticked; there is no close icon and a click outside does not close it.
 */
export type NoticeDialogProps = {
  isOpen: boolean
  hasRead: boolean
  onReadChange: (hasRead: boolean) => void
  onClose: (confirmed: boolean) => void
}

export default function ComplaintNoticeDialog({
  isOpen,
  hasRead,
  onReadChange,
  onClose,
}: NoticeDialogProps) {
  return (
    <Modal
      open={isOpen}
      title="投诉须知"
      // Only the buttons close it: no icon, no click outside, no Escape.
      onCancel={() => onClose(false)}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={720}
      centered
      footer={
        <div className={styles.footer}>
          <Checkbox
            checked={hasRead}
            onChange={(event) => onReadChange(event.target.checked)}
          >
            {MSG_NOTICE_READ}
          </Checkbox>
          <span>
            <Button onClick={() => onClose(false)}>暂不投诉</Button>
            <Button
              type="primary"
              disabled={!hasRead}
              onClick={() => onClose(true)}
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
  )
}
