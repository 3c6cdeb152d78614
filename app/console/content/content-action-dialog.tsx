import { Button, Form, Modal } from 'antd'
import { type ReactNode, useState } from 'react'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'

export type DialogValues = Record<string, unknown>

export const refusalText = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : '操作未能完成，请稍后重试'

type Props = {
  title: string
  effect: ReactNode
  okText: string
  isDanger?: boolean
  children?: ReactNode
  kept?: DialogValues
  onSubmit: (values: DialogValues) => Promise<unknown>
  onClose: (values?: DialogValues) => void
}

export function ContentActionDialog({
  title,
  effect,
  okText,
  isDanger = false,
  children,
  kept,
  onSubmit,
  onClose,
}: Props) {
  const [form] = Form.useForm<DialogValues>()
  const [isSending, setIsSending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function submit() {
    const values = await form.validateFields().catch(() => null)
    if (!values) return
    setIsSending(true)
    setRefusal(null)
    try {
      await onSubmit(values)
      onClose(undefined)
    } catch (error) {
      setRefusal(refusalText(error))
    } finally {
      setIsSending(false)
    }
  }

  const cancel = () => onClose(form.getFieldsValue(true))
  return (
    <Modal
      open
      title={title}
      onCancel={cancel}
      mask={{ closable: false }}
      footer={[
        <Button autoInsertSpace={false} key="cancel" onClick={cancel}>
          取消
        </Button>,
        <Button
          autoInsertSpace={false}
          key="submit"
          type="primary"
          danger={isDanger}
          loading={isSending}
          onClick={submit}
        >
          {okText}
        </Button>,
      ]}
    >
      <p>{effect}</p>
      <RefusalNote message={refusal} />
      <Form
        form={form}
        layout="vertical"
        disabled={isSending}
        initialValues={kept}
      >
        {children}
      </Form>
    </Modal>
  )
}
