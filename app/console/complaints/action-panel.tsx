import { Button, Form, Select } from 'antd'
import { useState } from 'react'

import {
  COMPLAINT_ACTION_ROLE,
  COMPLAINT_READ_ROLES,
  ROLE_HEAD,
  type StaffRole,
} from '#common/constants/staff.ts'
import type {
  DecisionDraftAnswer,
  DraftKind,
  DraftState,
  StaffAction,
} from '#common/schemas/complaint/complaint-staff.ts'

import { type Act, ActionDialog, type Values } from './action-dialog.tsx'
import { ACTION_FORMS } from './action-forms.tsx'
import { type DraftAction, DraftDialog, draftModeOf } from './draft-dialog.tsx'
import type { DraftCalls } from './use-draft-issue.ts'
import styles from './workbench.module.css'

type ActionPanelProps = {
  availableActions: readonly StaffAction[]
  roles: readonly StaffRole[]
  accountId: number
  /** Whom a head may name 承办人 when signing; absent for anyone else. */
  assignees?: readonly { id: number; name: string }[]
  /** 拟稿 → 核稿 → 签发: the 处理决定书 while the case is accepted, the summary once decided. */
  drafts: {
    decision: { isOpen: boolean; state: DraftState | null }
    publication: {
      isOpen: boolean
      state: (DraftState & { summary: string }) | null
    }
  }
  act: Act
  loadDecisionDraft: () => Promise<DecisionDraftAnswer>
  previewDecision: (body: Values) => Promise<Blob>
  saveDecisionDraft: (values: Values) => Promise<unknown>
  submitDraft: (kind: DraftKind, body: Values) => Promise<unknown>
  returnDraft: (kind: DraftKind, comment: string) => Promise<unknown>
}

const DRAFTED: Record<DraftAction, DraftKind> = {
  decide: 'decision',
  publish: 'publication',
}

function draftButtonLabel(
  action: DraftAction,
  state: DraftState | null,
  mode: ReturnType<typeof draftModeOf>,
) {
  const what = action === 'decide' ? '处理决定书' : '公开处理结果'
  if (mode === 'review')
    return action === 'decide' ? '核稿签发处理决定书' : '核准公开处理结果'
  if (mode === 'wait')
    return `查看送核的${action === 'decide' ? '处理决定书' : '公开摘要'}`
  if (state?.status === 'returned') return `修改${what}（已退回）`
  if (state)
    return action === 'decide' ? '继续起草处理决定书' : '修改拟公开的处理结果'
  return action === 'decide' ? '起草处理决定书' : '拟公开处理结果'
}

export function ActionPanel({
  availableActions,
  roles,
  accountId,
  assignees,
  drafts,
  act,
  loadDecisionDraft,
  previewDecision,
  saveDecisionDraft,
  submitDraft,
  returnDraft,
}: ActionPanelProps) {
  const [open, setOpen] = useState<StaffAction | null>(null)
  const [kept, setKept] = useState<Partial<Record<StaffAction, Values>>>({})
  const isDraftAction = (action: StaffAction): action is DraftAction =>
    action === 'decide' || action === 'publish'
  const canDraft = roles.some((role) => COMPLAINT_READ_ROLES.includes(role))
  const canReview = roles.includes(ROLE_HEAD)
  const offered = availableActions.filter(
    (action) =>
      !isDraftAction(action) && roles.includes(COMPLAINT_ACTION_ROLE[action]),
  )
  const drafting = (['decide', 'publish'] as const).filter(
    (action) => canDraft && drafts[DRAFTED[action]].isOpen,
  )
  const othersNeed = [
    ...new Set(
      availableActions
        .filter((action) => !isDraftAction(action) && !offered.includes(action))
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
  const callsFor = (action: DraftAction): DraftCalls =>
    action === 'decide'
      ? {
          save: saveDecisionDraft,
          submit: (body) => submitDraft('decision', body),
          giveBack: (comment) => returnDraft('decision', comment),
          preview: previewDecision,
        }
      : {
          submit: (body) => submitDraft('publication', body),
          giveBack: (comment) => returnDraft('publication', comment),
        }

  return (
    <section aria-labelledby="complaint-actions-title">
      <h2 id="complaint-actions-title" className="visually-hidden">
        办理操作
      </h2>
      {offered.length + drafting.length > 0 ? (
        <div className={styles.actions}>
          {drafting.map((action) => {
            const state = drafts[DRAFTED[action]].state
            const mode = draftModeOf(state, accountId, canReview)
            return (
              <Button
                autoInsertSpace={false}
                key={action}
                type="primary"
                onClick={() => setOpen(action)}
              >
                {draftButtonLabel(action, state, mode)}
              </Button>
            )
          })}
          {offered.map((action) => (
            <Button
              autoInsertSpace={false}
              key={action}
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
      {open && isDraftAction(open) ? (
        <DraftDialog
          action={open}
          draft={drafts[DRAFTED[open]].state}
          accountId={accountId}
          canReview={canReview}
          kept={kept[open]}
          initialValues={
            open === 'publish' && drafts.publication.state
              ? { summary: drafts.publication.state.summary }
              : undefined
          }
          act={act}
          calls={callsFor(open)}
          load={open === 'decide' ? loadDecisionDraft : undefined}
          onCancel={close(open)}
          onDone={done(open)}
        />
      ) : open ? (
        <ActionDialog
          action={open}
          kept={kept[open]}
          act={act}
          extraFields={
            open === 'sign' && assignees ? (
              <Form.Item
                name="assigneeId"
                label="承办人"
                htmlFor="action-sign-assignee"
                extra="不选则由您（签收人）承办；负责人可指定其他投诉处理人员。"
              >
                <Select
                  id="action-sign-assignee"
                  allowClear
                  placeholder="由签收人承办"
                  options={assignees.map((person) => ({
                    value: person.id,
                    label: person.name,
                  }))}
                />
              </Form.Item>
            ) : undefined
          }
          onCancel={close(open)}
          onDone={done(open)}
        />
      ) : null}
    </section>
  )
}
