import { Button, Modal } from 'antd'

import styles from './content.module.css'
import type { Step } from './use-editor-step.ts'

type Props = {
  allowed: Set<string>
  // a draft can be discarded only once saved
  isSaved: boolean
  pending: Step | null
  isConfirmingDiscard: boolean
  setIsConfirmingDiscard: (isConfirming: boolean) => void
  onSave: () => void
  onSubmit: () => void
  onDiscard: () => void
}

export function EditorActions({
  allowed,
  isSaved,
  pending,
  isConfirmingDiscard,
  setIsConfirmingDiscard,
  onSave,
  onSubmit,
  onDiscard,
}: Props) {
  return (
    <>
      <div className={styles.actions}>
        {allowed.has('save') ? (
          <Button
            autoInsertSpace={false}
            onClick={onSave}
            loading={pending === 'save'}
            disabled={pending !== null}
          >
            保存草稿
          </Button>
        ) : null}
        {allowed.has('save') || allowed.has('submit') ? (
          <Button
            autoInsertSpace={false}
            type="primary"
            onClick={onSubmit}
            loading={pending === 'submit'}
            disabled={pending !== null}
          >
            提交审核
          </Button>
        ) : null}
        {isSaved && allowed.has('discard') ? (
          <Button
            autoInsertSpace={false}
            danger
            onClick={() => setIsConfirmingDiscard(true)}
            disabled={pending !== null}
          >
            放弃草稿
          </Button>
        ) : null}
      </div>
      <Modal
        open={isConfirmingDiscard}
        title="放弃草稿"
        onCancel={() => setIsConfirmingDiscard(false)}
        okText="确认放弃"
        cancelText="取消"
        okButtonProps={{ danger: true, loading: pending === 'discard' }}
        onOk={onDiscard}
      >
        <p>
          放弃后这份草稿不再可以编辑（修订记录中仍可查看）；已发布的内容不受影响。
        </p>
      </Modal>
    </>
  )
}
