import { Button } from 'antd'
import { useState } from 'react'

import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'

import type { DialogValues } from './content-action-dialog.tsx'
import type { ContentApi } from './content-api.ts'
import styles from './content.module.css'
import {
  ReviewDialog,
  type ReviewDialogName as Dialog,
} from './review-dialog.tsx'

type Props = {
  detail: ContentItemDetail
  calls: Pick<ContentApi, 'approve' | 'returnRevision' | 'change' | 'withdraw'>
}

export function ReviewActions({ detail, calls }: Props) {
  const [open, setOpen] = useState<Dialog | null>(null)
  // What was typed in each dialog, until its action is done.
  const [kept, setKept] = useState<Partial<Record<Dialog, DialogValues>>>({})
  const allowed = new Set(detail.allowedActions)
  const close = (values?: DialogValues) => {
    if (open) setKept((all) => ({ ...all, [open]: values }))
    setOpen(null)
  }

  const buttons: { dialog: Dialog; label: string; isShown: boolean }[] = [
    {
      dialog: 'publish',
      label: '通过并立即发布',
      isShown: allowed.has('approve'),
    },
    { dialog: 'schedule', label: '定时发布', isShown: allowed.has('approve') },
    { dialog: 'return', label: '退回', isShown: allowed.has('return') },
    {
      dialog: 'cancel-schedule',
      label: '取消定时',
      isShown: allowed.has('cancel-schedule'),
    },
    { dialog: 'withdraw', label: '撤回', isShown: allowed.has('withdraw') },
  ]
  const shown = buttons.filter((button) => button.isShown)
  if (shown.length === 0) return null

  return (
    <section aria-labelledby="review-actions-title" className="portal-panel">
      <h2 id="review-actions-title" className={styles.sectionTitle}>
        审核操作
      </h2>
      <div className={styles.actions}>
        {shown.map(({ dialog, label }) => (
          <Button
            key={dialog}
            autoInsertSpace={false}
            type={dialog === 'publish' ? 'primary' : 'default'}
            danger={dialog === 'withdraw'}
            onClick={() => setOpen(dialog)}
          >
            {label}
          </Button>
        ))}
      </div>
      <ReviewDialog
        open={open}
        detail={detail}
        calls={calls}
        kept={kept}
        onClose={close}
      />
    </section>
  )
}
