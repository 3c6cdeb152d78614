import type { FormInstance } from 'antd'

import type { StaffAccount } from '#app/console/api/staff-types.ts'

export type AccountDialogProps = {
  account: StaffAccount | null
  onClose: () => void
  onSaved: () => void
}

// Closing forgets the server's last refusal, so that the next opening starts clean.
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
