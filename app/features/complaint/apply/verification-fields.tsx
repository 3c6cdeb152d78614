import { ReloadOutlined } from '@ant-design/icons'
import { App, Button, Form, Input, Space } from 'antd'
import { useCallback, useEffect, useState } from 'react'

import { getBrowserRegionalApi } from '#app/api/browser-regional-api.ts'
import {
  MobilePhoneSchema,
  SmsCodeSchema,
} from '#common/schemas/complaint/complaint-fields.ts'

import styles from './apply.module.css'

/** Seconds before another SMS code may be asked for. */
const RESEND_SECONDS = 60

type Captcha = { id: string; url: string }

/** A new captcha: its id (`t`) and its image as an object URL. */
async function loadCaptcha(): Promise<Captcha> {
  const id = crypto.randomUUID()
  const image = await getBrowserRegionalApi().captchaImage({ t: id })
  return { id, url: URL.createObjectURL(image) }
}

/** The image captcha, fetched signed and shown from an object URL (the CSP allows blob:). */
function useCaptcha() {
  const [captcha, setCaptcha] = useState<Captcha | null>(null)
  const [hasFailed, setHasFailed] = useState(false)
  const refresh = useCallback(() => {
    loadCaptcha()
      .then((next) => {
        setHasFailed(false)
        setCaptcha((previous) => {
          if (previous) URL.revokeObjectURL(previous.url)
          return next
        })
      })
      .catch(() => setHasFailed(true))
  }, [])
  // Browser-only work: the captcha is fetched with the page's keys.
  useEffect(refresh, [refresh])
  return { captcha, hasFailed, refresh }
}

/** 图形验证码 and 短信验证码 of the contact phone (spec §7). */
export function VerificationFields() {
  const form = Form.useFormInstance()
  const { message } = App.useApp()
  const { captcha, hasFailed, refresh } = useCaptcha()
  const [countdown, setCountdown] = useState(0)
  const [isSending, setIsSending] = useState(false)

  useEffect(() => {
    if (countdown <= 0) return
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000)
    return () => clearTimeout(timer)
  }, [countdown])

  async function requestCode() {
    try {
      await form.validateFields([['contact', 'phone'], 'captcha'])
    } catch {
      return
    }
    if (!captcha) return
    setIsSending(true)
    try {
      const sent = await getBrowserRegionalApi().sendSmsCode({
        phone: MobilePhoneSchema.parse(
          form.getFieldValue(['contact', 'phone']),
        ),
        purpose: 'complaint-filing',
        captchaId: captcha.id,
        captcha: String(form.getFieldValue('captcha')).trim(),
      })
      void message.success('短信验证码已发送，请注意查收')
      setCountdown(sent?.resendAfterSeconds ?? RESEND_SECONDS)
    } catch {
      // The client showed why; a captcha is good for one try.
      form.setFieldValue('captcha', '')
      refresh()
    } finally {
      setIsSending(false)
    }
  }

  return (
    <fieldset className={styles.section}>
      <legend>身份验证</legend>
      <Form.Item label="图形验证码" required>
        <Space wrap>
          <Form.Item
            name="captcha"
            noStyle
            rules={[
              { required: true, whitespace: true, message: '请输入图形验证码' },
            ]}
          >
            <Input
              aria-label="图形验证码"
              maxLength={8}
              autoComplete="off"
              style={{ width: 140 }}
            />
          </Form.Item>
          {captcha ? (
            <img
              src={captcha.url}
              alt="图形验证码图片"
              className={styles.captcha}
              data-captcha-id={captcha.id}
            />
          ) : (
            <span className={styles.note}>
              {hasFailed ? '验证码加载失败' : '验证码加载中…'}
            </span>
          )}
          <Button icon={<ReloadOutlined aria-hidden />} onClick={refresh}>
            换一张
          </Button>
        </Space>
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <Space wrap>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[
              {
                validator: async (_rule, value) => {
                  const result = SmsCodeSchema.safeParse(value ?? '')
                  if (!result.success)
                    throw new Error(result.error.issues[0]?.message)
                },
              },
            ]}
          >
            <Input
              aria-label="短信验证码"
              maxLength={6}
              inputMode="numeric"
              autoComplete="one-time-code"
              style={{ width: 140 }}
            />
          </Form.Item>
          <Button
            onClick={requestCode}
            loading={isSending}
            disabled={countdown > 0}
          >
            {countdown > 0 ? `${countdown}秒后可重新获取` : '获取短信验证码'}
          </Button>
        </Space>
      </Form.Item>
    </fieldset>
  )
}
