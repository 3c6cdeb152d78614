import { Alert, Button, Form, QRCode } from 'antd'

import { STAFF_TOTP_ISSUER } from '#common/constants/staff.ts'

import { CodeField } from './code-field.tsx'
import { CopyButton } from './copy-button.tsx'
import styles from './totp-enrolment.module.css'
import type { TotpEnrolment as Enrolment } from '#app/console/api/staff-types.ts'

const groupedSecret = (secret: string) => secret.replace(/(.{4})(?!$)/g, '$1 ')

export function TotpEnrolment({
  enrolment,
  isPending,
  error,
  onConfirm,
}: {
  enrolment: Enrolment
  isPending: boolean
  error: string | null
  onConfirm: (code: string) => void
}) {
  return (
    <div className={styles.enrolment}>
      <ol className={styles.steps}>
        <li>
          在手机上打开验证器App（如 Microsoft Authenticator、Google
          身份验证器、FreeOTP），扫描下方二维码：
          <div className={styles.qr}>
            {/* The QR code's svg is the image; the secret below is its text alternative. */}
            <QRCode
              value={enrolment.otpauthUri}
              type="svg"
              size={176}
              bordered={false}
              aria-label={`“${STAFF_TOTP_ISSUER}”的验证器二维码，无法扫描时请手动输入下方密钥`}
            />
          </div>
        </li>
        <li>
          无法扫描时，在App中选择手动输入，账户填“{STAFF_TOTP_ISSUER}
          ”，密钥为（基于时间，30秒）：
          <p className={styles.secretLine}>
            <code className={styles.secret} data-testid="totp-secret">
              {groupedSecret(enrolment.secret)}
            </code>
          </p>
          <CopyButton text={enrolment.secret} label="复制密钥" />
        </li>
        <li>
          输入App中显示的6位动态验证码，完成绑定：
          <Form
            layout="vertical"
            requiredMark={false}
            disabled={isPending}
            onFinish={(values: { code: string }) =>
              onConfirm(values.code.trim())
            }
            className={styles.form}
          >
            <CodeField label="新验证器的动态验证码" extra="" />
            {error ? (
              <Alert
                type="error"
                showIcon
                title={error}
                className={styles.error}
              />
            ) : null}
            <Button type="primary" htmlType="submit" loading={isPending}>
              确认绑定
            </Button>
          </Form>
        </li>
      </ol>
    </div>
  )
}
