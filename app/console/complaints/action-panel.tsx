import { Button } from 'antd'
import { useState } from 'react'

import {
  COMPLAINT_ACTION_ROLE,
  type StaffRole,
} from '#common/constants/staff.ts'
import type {
  DecisionDraft,
  StaffAction,
} from '#common/schemas/complaint/complaint-staff.ts'

import { type Act, ActionDialog, type Values } from './action-dialog.tsx'
import { ACTION_FORMS } from './action-forms.tsx'
import { DecideDialog } from './decide-dialog.tsx'
import styles from './workbench.module.css'

type ActionPanelProps = {
  availableActions: readonly StaffAction[]
  roles: readonly StaffRole[]
  act: Act
  loadDecisionDraft: () => Promise<DecisionDraft>
  previewDecision: (body: Values) => Promise<Blob>
}

export function ActionPanel({
  availableActions,
  roles,
  act,
  loadDecisionDraft,
  previewDecision,
}: ActionPanelProps) {
  const [open, setOpen] = useState<StaffAction | null>(null)
  const [kept, setKept] = useState<Partial<Record<StaffAction, Values>>>({})
  const offered = availableActions.filter((action) =>
    roles.includes(COMPLAINT_ACTION_ROLE[action]),
  )
  const othersNeed = [
    ...new Set(
      availableActions
        .filter((action) => !offered.includes(action))
        .map((action) => COMPLAINT_ACTION_ROLE[action]),
    ),
  ]

  const close = (action: StaffAction) => (values: Values) => {
    setKept((all) => ({ ...all, [action]: values }))
    setOpen(null)
  }
  const done = (action: StaffAction) => () => {
    setKept(({ [action]: _done, ...rest }) => rest)
    setOpen(null)
  }

  return (
    <section aria-labelledby="complaint-actions-title">
      <h2 id="complaint-actions-title" className="visually-hidden">
        办理操作
      </h2>
      {offered.length > 0 ? (
        <div className={styles.actions}>
          {offered.map((action) => (
            <Button
              autoInsertSpace={false}
              key={action}
              type={action === 'decide' ? 'primary' : 'default'}
              onClick={() => setOpen(action)}
            >
              {ACTION_FORMS[action].label}
            </Button>
          ))}
        </div>
      ) : (
        <p className={styles.meta}>当前状态下没有您可以办理的操作。</p>
      )}
      {othersNeed.length > 0 ? (
        <p className={styles.meta}>
          其他可办理的操作需要“{othersNeed.join('”或“')}”角色。
        </p>
      ) : null}
      {open === 'decide' ? (
        <DecideDialog
          kept={kept.decide}
          act={act}
          loadDraft={loadDecisionDraft}
          preview={previewDecision}
          onCancel={close('decide')}
          onDone={done('decide')}
        />
      ) : open ? (
        <ActionDialog
          action={open}
          kept={kept[open]}
          act={act}
          onCancel={close(open)}
          onDone={done(open)}
        />
      ) : null}
    </section>
  )
}
