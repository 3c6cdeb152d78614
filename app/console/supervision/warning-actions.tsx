import { Button } from 'antd'
import { useState } from 'react'

import type { AssignableStaff } from '#common/schemas/complaint/complaint-staff.ts'
import type { WarningDetail } from '#common/schemas/supervision.ts'

import { AssignDialog } from './assign-dialog.tsx'
import { DisposeDialog, type DisposeState } from './dispose-dialog.tsx'
import type { WarningCalls } from './supervision-api.ts'
import styles from './supervision.module.css'

type Props = {
  warning: WarningDetail
  handlers: AssignableStaff['items']
  calls: WarningCalls
}

const STEPS: { state: DisposeState; label: string }[] = [
  { state: 'checking', label: '核查中' },
  { state: 'verified', label: '已核实' },
  { state: 'dismissed', label: '排除' },
]

// A cleared warning no longer fires (the project's facts changed): there is nothing to dispose
// of, and the server refuses every step on it.
export function WarningActions({ warning, handlers, calls }: Props) {
  const [open, setOpen] = useState<DisposeState | 'assign' | null>(null)
  const [kept, setKept] = useState<Partial<Record<DisposeState, string>>>({})

  if (warning.state === 'cleared')
    return (
      <p className={styles.note}>
        该预警已消除：项目信息变化后，预警条件已不再满足，无需处理。如项目信息再次变化并触发，将重新预警。
      </p>
    )

  return (
    <section aria-labelledby="warning-actions-title">
      <h2 id="warning-actions-title" className="visually-hidden">
        处理预警
      </h2>
      <div className={styles.actions}>
        <Button autoInsertSpace={false} onClick={() => setOpen('assign')}>
          指派
        </Button>
        {STEPS.filter((step) => step.state !== warning.state).map((step) => (
          <Button
            autoInsertSpace={false}
            key={step.state}
            onClick={() => setOpen(step.state)}
          >
            {step.label}
          </Button>
        ))}
      </div>
      {open === 'assign' ? (
        <AssignDialog
          warning={warning}
          handlers={handlers}
          calls={calls}
          onClose={() => setOpen(null)}
        />
      ) : open ? (
        <DisposeDialog
          state={open}
          warning={warning}
          kept={kept[open]}
          calls={calls}
          onCancel={(note) => {
            setKept((all) => ({ ...all, [open]: note }))
            setOpen(null)
          }}
          onDone={() => {
            setKept(({ [open]: _done, ...rest }) => rest)
            setOpen(null)
          }}
        />
      ) : null}
    </section>
  )
}
