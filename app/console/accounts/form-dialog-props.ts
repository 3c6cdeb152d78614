import type { FormInstance } from 'antd'

import type { StaffAccount } from '#app/console/api/staff-types.ts'

/** A dialog about one account: open while `account` is set; `onSaved` once the server agreed. */
export type AccountDialogProps = {
  account: StaffAccount | null
  onClose: () => void
  onSaved: () => void
}

/**
 * What the account dialogs with a plain OK and cancel do alike: OK submits the form (its
 * checks first), and closing forgets the server's last refusal so the next opening starts clean.
 */
export function formDialogProps({
  form,
  isPending,
  clearError,
  onClose,
}: {
  form: FormInstance
  isPending: boolean
  clearError: () => void
  onClose: () => void
}) {
  return {
    cancelText: '取消',
    confirmLoading: isPending,
    onOk: () => form.submit(),
    onCancel: () => {
      clearError()
      onClose()
    },
    destroyOnHidden: true,
  }
}
