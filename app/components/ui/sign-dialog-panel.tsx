import { Alert, Button, Modal, Space, Typography } from 'antd'
import { useRef, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import { MSG_SIGN_SUCCESS } from '#common/messages.ts'
import type { RegionalApi } from '#common/regional-api.ts'
import type { SignedFileItem, SignInfo } from '#common/schemas/signing.ts'
import { maskIdNumber } from '#common/text.ts'

import { useAppFeedback } from './app-feedback.tsx'

/** The file after signing (spec §3 file record): isSign and signUrl, plus the sealed copy. */
export type SignedFile = {
  id: string
  name: string
  url: string
  fullurl: string
  isSign: true
  signUrl: string
  signedFile: SignedFileItem
}

type CloseReason = 'later' | 'cancel'

export type SignDialogProps = {
  open: boolean
  info: SignInfo
  /**
   * After 确认: the file marked signed. The dialog has closed itself with the reset flag, so no
   * close follows; set open to false to be able to open it again.
   */
  onChange: (file: SignedFile, options: { noRefresh: boolean }) => void
  /**
   * Closed without the reset flag, without signing: 'later' for 稍后签章, 'cancel' for the close
   * button or Esc. Set open to false to be able to open it again.
   */
  onClose: (reason: CloseReason) => void
  /** The signing calls of the regional API; the browser's signed client by default. */
  client?: Pick<RegionalApi, 'signingPageUrl' | 'signedFiles'>
  /**
   * Whom the document is sealed for as this page shows it (the complainant on the form):
   * shown, and sent to be checked against the holder the server stored for the document,
   * which refuses a difference before anything is sealed. Never the holder itself.
   */
  holder?: SignHolder
  /**
   * Signing in this tab, on a phone (a narrow screen or a touch screen): the path of this
   * site the signing page leads back to, and what to keep before the page is left (the
   * draft). Without it, and on a desktop, the signing page opens in a new window (spec §4).
   */
  sameTab?: { returnTo: string; onLeave: () => void }
}

export type SignHolder = {
  name: string
  idNumber?: string
  kind: 'organisation' | 'person'
}

// A phone: no popup window to come back from, the signing page takes the tab.
const SAME_TAB_MEDIA = '(max-width: 767px), (pointer: coarse)'
const prefersSameTab = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia(SAME_TAB_MEDIA).matches

/**
 * The signature dialog of spec §4: 签章 opens the signing page in a new window; 确认 fetches the
 * signed file, marks the file signed, says 签章成功, closes the dialog and emits the change;
 * 稍后签章 (with delaySign) and the close button close it and emit close. Failed calls are
 * reported by the client's toast. On a phone, with `sameTab`, 签章 opens the signing page in
 * this tab instead, which leads back to `sameTab.returnTo`
 * (docs/decisions/0034-signing-page-on-phone-takes-the-tab.md).
 */
export default function SignDialogPanel(props: SignDialogProps) {
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
      if (!signed || current !== session.current) return
      void message.success(MSG_SIGN_SUCCESS)
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
      // the client has shown the reason (e.g. 文件尚未签章)
    } finally {
      setConfirming(false)
    }
  }

  return (
    <Modal
      open={open && !hasClosed}
      title="电子签章"
      mask={{ closable: false }}
      closable={{ 'aria-label': '关闭' }}
      onCancel={() => close('cancel')}
      destroyOnHidden
      footer={
        <Space wrap>
          {info.delaySign ? (
            <Button onClick={() => close('later')}>稍后签章</Button>
          ) : null}
          <Button
            type="primary"
            loading={opening}
            onClick={() => void openSigningPage()}
            autoInsertSpace={false}
          >
            {info.btnText || '签章'}
          </Button>
          <Button
            loading={confirming}
            onClick={confirm}
            autoInsertSpace={false}
          >
            确认
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph>
        待签章文件：
        <a href={info.fullurl} target="_blank" rel="noreferrer">
          {info.name}
        </a>
      </Typography.Paragraph>
      {holder ? (
        <Typography.Paragraph>
          签章主体：<strong>{holder.name}</strong>
          {holder.idNumber
            ? `（${holder.kind === 'person' ? '居民身份证号码' : '统一社会信用代码'} ${maskIdNumber(holder.idNumber)}）`
            : null}
          <br />
          <Typography.Text type="secondary">
            由平台根据待签章文件确定，签章页面不再填写。
          </Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {sameTab && prefersSameTab() ? (
        <ol style={{ paddingLeft: 20, margin: '0 0 12px' }}>
          <li>
            点击“{info.btnText || '签章'}
            ”，在本页打开签章页面，核对文件和签章主体后确认签章；
          </li>
          <li>
            签章页面显示“{MSG_SIGN_SUCCESS}
            ”后，点击“返回投诉页面”，填写的内容都会保留。
          </li>
        </ol>
      ) : (
        <ol style={{ paddingLeft: 20, margin: '0 0 12px' }}>
          <li>
            点击“{info.btnText || '签章'}
            ”，在新打开的签章页面核对文件和签章主体并确认签章；
          </li>
          <li>签章页面显示“{MSG_SIGN_SUCCESS}”后回到本页面，点击“确认”。</li>
        </ol>
      )}
      {info.linkText && info.linkUrl ? (
        <Typography.Paragraph>
          <a href={info.linkUrl} target="_blank" rel="noreferrer">
            {info.linkText}
          </a>
        </Typography.Paragraph>
      ) : null}
      {blockedUrl ? (
        <Alert
          type="warning"
          showIcon
          title="浏览器拦截了新窗口"
          description={
            <Space wrap>
              <a href={blockedUrl} target="_blank" rel="noreferrer">
                点击此处打开签章页面
              </a>
              {sameTab ? (
                <Button size="small" onClick={() => void openSigningPage(true)}>
                  在本页打开签章页面
                </Button>
              ) : null}
            </Space>
          }
        />
      ) : null}
      {confirming ? (
        <p role="status" style={{ margin: '12px 0 0' }}>
          正在获取签章文件…
        </p>
      ) : null}
    </Modal>
  )
}
