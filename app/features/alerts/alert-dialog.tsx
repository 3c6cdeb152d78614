import { Modal } from 'antd'

import type { AlertFilters } from '#common/alert-filters.ts'

import { AlertForm } from './alert-form.tsx'

export type AlertDialogProps = {
  open: boolean
  filters: AlertFilters
  onClose: () => void
}

export default function AlertDialog({
  open,
  filters,
  onClose,
}: AlertDialogProps) {
  return (
    <Modal
      open={open}
      title="订阅提醒"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={560}
    >
      <AlertForm filters={filters} onCancel={onClose} />
    </Modal>
  )
}
