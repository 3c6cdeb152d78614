import { Button, Form, Modal } from 'antd'
import { type ReactNode, useState } from 'react'

import { RefusalNote } from '#app/console/components/refusal-note.tsx'

export type DialogValues = Record<string, unknown>

/** The refusal to show: the server's own words when it gave any. */
export const refusalText = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : '操作未能完成，请稍后重试'

type Props = {
  title: string
  /** What the action does, said before it is taken. */
  effect: ReactNode
  /** The button that takes it (its name says what happens: 确认退回, 确认撤回 …). */
  okText: string
  isDanger?: boolean
  /** The form's fields; none for a plain confirmation. */
  children?: ReactNode
  /** What was typed before the dialog was last closed, to carry on from. */
  kept?: DialogValues
  /** Takes the action with the form's checked values; rejects with the refusal to show. */
  onSubmit: (values: DialogValues) => Promise<unknown>
  /** Closed: `values` as typed (kept for next time), or undefined once the action is done. */
  onClose: (values?: DialogValues) => void
}

/**
 * One action's dialog: its effect, its form, checked before anything is sent. A refusal is
 * shown in the dialog with everything typed still there; closed without acting, it hands what
 * was typed back (`onClose(values)`) for next time.
 */
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
