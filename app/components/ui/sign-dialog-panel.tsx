import { Alert, Button, Modal, Space, Typography } from 'antd'

import type { SignDialogProps } from './sign-dialog-types.ts'
import { SignHolderNote } from './sign-holder-note.tsx'
import { SigningSteps } from './signing-steps.tsx'
import { prefersSameTab, useSigningSession } from './use-signing-session.ts'

// On a phone, with `sameTab`, 签章 opens the signing page in this tab instead
// (docs/decisions/0034-signing-page-on-phone-takes-the-tab.md).
export default function SignDialogPanel(props: SignDialogProps) {
  const { info, holder, sameTab } = props
  const session = useSigningSession(props)

  return (
    <Modal
      open={props.open && !session.hasClosed}
      title="电子签章"
      mask={{ closable: false }}
      closable={{ 'aria-label': '关闭' }}
      onCancel={() => session.close('cancel')}
      destroyOnHidden
      footer={
        <Space wrap>
          {info.delaySign ? (
            <Button onClick={() => session.close('later')}>稍后签章</Button>
          ) : null}
          <Button
            type="primary"
            loading={session.opening}
            onClick={() => void session.openSigningPage()}
            autoInsertSpace={false}
          >
            {info.btnText || '签章'}
          </Button>
          <Button
            loading={session.confirming}
            onClick={session.confirm}
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
      {holder ? <SignHolderNote holder={holder} /> : null}
      <SigningSteps
        buttonText={info.btnText || '签章'}
        isSameTab={Boolean(sameTab && prefersSameTab())}
      />
      {info.linkText && info.linkUrl ? (
        <Typography.Paragraph>
          <a href={info.linkUrl} target="_blank" rel="noreferrer">
            {info.linkText}
          </a>
        </Typography.Paragraph>
      ) : null}
      {session.blockedUrl ? (
        <Alert
          type="warning"
          showIcon
          title="浏览器拦截了新窗口"
          description={
            <Space wrap>
              <a href={session.blockedUrl} target="_blank" rel="noreferrer">
                点击此处打开签章页面
              </a>
              {sameTab ? (
                <Button
                  size="small"
                  onClick={() => void session.openSigningPage(true)}
                >
                  在本页打开签章页面
                </Button>
              ) : null}
            </Space>
          }
        />
      ) : null}
      {session.confirming ? (
        <p role="status" style={{ margin: '12px 0 0' }}>
          正在获取签章文件…
        </p>
      ) : null}
    </Modal>
  )
}
