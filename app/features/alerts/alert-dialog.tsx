import { Modal } from 'antd'

import type { AlertFilters } from '#common/alert-filters.ts'

import { AlertForm } from './alert-form.tsx'

export type AlertDialogProps = {
  open: boolean
  filters: AlertFilters
  onClose: () => void
}

/** 订阅提醒 as a dialog over the list (loaded with its first opening). */
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
