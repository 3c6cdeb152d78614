import { Alert, Button, Form, Modal } from 'antd'
import { type ReactNode, useState } from 'react'

import {
  type StaffAction,
  StaffActionSchemas,
} from '#common/schemas/complaint/complaint-staff.ts'

import { ACTION_FORMS, ActionFields } from './action-forms.tsx'

export type Act = (
  action: StaffAction,
  body: Record<string, unknown>,
) => Promise<unknown>

export type Values = Record<string, unknown>

export const refusalOf = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : '办理未成功，请稍后重试'

export function bodyOf(action: StaffAction, values: Values) {
  const parsed = StaffActionSchemas[action].safeParse(values)
  return parsed.success ? (parsed.data as Values) : undefined
}

export function confirmStepFooter({
  label,
  isSending,
  onConfirm,
  onBack,
}: {
  label: string
  isSending: boolean
  onConfirm: () => void
  onBack: () => void
}) {
  return [
    <Button autoInsertSpace={false} key="back" onClick={onBack}>
      返回修改
    </Button>,
    <Button
      autoInsertSpace={false}
      key="confirm"
      type="primary"
      danger
      loading={isSending}
      onClick={onConfirm}
    >
      {label}
    </Button>,
  ]
}

type Props = {
  action: StaffAction
  kept?: Values
  act: Act
  /** Fields beyond the action's own (a head's choice of 承办人 when signing). */
  extraFields?: ReactNode
  onCancel: (values: Values) => void
  onDone: () => void
}

export function ActionDialog({
  action,
  kept,
  act,
  extraFields,
  onCancel,
  onDone,
}: Props) {
  const spec = ACTION_FORMS[action]
  const [form] = Form.useForm<Values>()
  const [isConfirming, setIsConfirming] = useState(false)
  const [isSending, setIsSending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    const body = values && bodyOf(action, values)
    if (!body) return
    if (spec.isIrreversible && !isConfirming) {
      setIsConfirming(true)
      return
    }
    setIsSending(true)
    setRefusal(null)
    try {
      await act(action, body)
      onDone()
    } catch (error) {
      setRefusal(refusalOf(error))
      setIsConfirming(false)
    } finally {
      setIsSending(false)
    }
  }

  return (
    <Modal
      open
      title={spec.label}
      onCancel={() => onCancel(form.getFieldsValue(true))}
      mask={{ closable: false }}
      footer={
        isConfirming
          ? confirmStepFooter({
              label: `确认${spec.label}`,
              isSending,
              onConfirm: submit,
              onBack: () => setIsConfirming(false),
            })
          : [
              <Button
                autoInsertSpace={false}
                key="cancel"
                onClick={() => onCancel(form.getFieldsValue(true))}
              >
                取消
              </Button>,
              <Button
                autoInsertSpace={false}
                key="submit"
                type="primary"
                loading={isSending}
                onClick={submit}
              >
                {spec.isIrreversible ? '下一步' : `提交${spec.label}`}
              </Button>,
            ]
      }
    >
      <p>{spec.effect}</p>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`未能${spec.label}`}
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        disabled={isConfirming || isSending}
        initialValues={kept ?? spec.initialValues?.()}
      >
        {extraFields}
        <ActionFields action={action} idPrefix={`action-${action}`} />
      </Form>
      {isConfirming ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={`确认${spec.label}？`}
          description="办理后不能撤回，请核对上面的内容。"
        />
      ) : null}
    </Modal>
  )
}
