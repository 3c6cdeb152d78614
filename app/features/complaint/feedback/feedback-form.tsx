import { Button, Form, Input } from 'antd'
import { useState } from 'react'
import { useRevalidator } from 'react-router'

import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { PortalApiError } from '#app/api/portal-api-error.ts'
import { CaptchaField, useCaptcha } from '#app/components/ui/captcha-field.tsx'
import { zodRule } from '#app/components/ui/zod-form-rule.ts'
import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'
import { FeedbackSubmitSchema } from '#common/schemas/complaint/complaint-published.ts'
import { useAppFeedback } from '#app/components/ui/app-feedback.tsx'

type Values = {
  name?: string
  phone?: string
  title?: string
  content?: string
  captcha?: string
}

const rule = (field: keyof Values) => zodRule(FeedbackSubmitSchema, [field])

// A refused message keeps everything typed but the captcha's answer, which cannot be right twice.
export function FeedbackForm({ complaintId }: { complaintId?: number }) {
  const [form] = Form.useForm<Values>()
  const { message } = useAppFeedback()
  const revalidator = useRevalidator()
  const [isSaving, setIsSaving] = useState(false)
  const captcha = useCaptcha()

  async function send(values: Values) {
    const challenge = captcha.challenge
    if (!challenge) {
      form.setFields([{ name: 'captcha', errors: ['验证码尚未加载，请稍候'] }])
      return
    }
    const parsed = FeedbackSubmitSchema.safeParse({
      ...values,
      complaintId,
      captchaId: challenge.id,
    })
    if (!parsed.success) return
    setIsSaving(true)
    try {
      await getBrowserPortalApi().complaintFeedback(parsed.data)
      form.resetFields()
      void message.success('您的意见已提交，答复后将在本页公开')
      void revalidator.revalidate()
    } catch (error) {
      // The client showed why; the form keeps what was typed. A captcha is good for one try.
      if (
        error instanceof PortalApiError &&
        error.message === MSG_CAPTCHA_WRONG
      )
        form.setFields([
          {
            name: 'captcha',
            value: '',
            errors: [`${MSG_CAPTCHA_WRONG}（已换新的验证码）`],
          },
        ])
      else form.setFieldValue('captcha', '')
    } finally {
      setIsSaving(false)
      captcha.refresh()
    }
  }

  return (
    <section className="portal-panel" aria-labelledby="feedback-form-title">
      <h2 id="feedback-form-title" style={{ fontSize: 17, margin: '0 0 12px' }}>
        我要留言
      </h2>
      <Form
        form={form}
        layout="vertical"
        onFinish={send}
        disabled={isSaving}
        style={{ maxWidth: 640 }}
      >
        <Form.Item label="姓名" name="name" required rules={[rule('name')]}>
          <Input maxLength={50} autoComplete="name" />
        </Form.Item>
        <Form.Item
          label="手机号码"
          name="phone"
          required
          rules={[rule('phone')]}
          extra="仅用于联系您，不会公开"
        >
          <Input maxLength={11} inputMode="numeric" autoComplete="tel" />
        </Form.Item>
        <Form.Item label="标题" name="title" required rules={[rule('title')]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          label="留言内容"
          name="content"
          required
          rules={[rule('content')]}
        >
          <Input.TextArea
            maxLength={2000}
            showCount
            autoSize={{ minRows: 4 }}
          />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" loading={isSaving}>
          提交留言
        </Button>
      </Form>
    </section>
  )
}
