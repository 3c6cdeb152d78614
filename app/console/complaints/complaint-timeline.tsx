import { Timeline } from 'antd'

import { COMPLAINT_STATES } from '#common/constants/statute.ts'
import type { StaffComplaintDetail } from '#common/schemas/complaint/complaint-staff.ts'

import { label } from './option-label.ts'
import styles from './workbench.module.css'

const ACTOR_KIND = { complainant: '投诉人', staff: '工作人员', system: '系统' }

const stateLabelOf = (state: string | null) =>
  state ? label(COMPLAINT_STATES, state) : ''

export function ComplaintTimeline({
  complaint: c,
}: {
  complaint: StaffComplaintDetail
}) {
  return (
    <Timeline
      items={c.timeline.map((e) => ({
        key: e.id,
        content: (
          <>
            <strong>{e.label}</strong>{' '}
            <span className={styles.meta}>
              {e.occurredAt} · {ACTOR_KIND[e.actor.kind]} {e.actor.name}
              {e.toState && e.toState !== e.fromState
                ? ` · ${e.fromState ? `${stateLabelOf(e.fromState)} → ` : ''}${stateLabelOf(e.toState)}`
                : ''}
            </span>
            {e.reason ? <p className={styles.preWrap}>{e.reason}</p> : null}
            {e.internalNote ? (
              <p className={`${styles.preWrap} ${styles.internalNote}`}>
                <span className={styles.internalNoteLabel}>
                  内部意见（投诉人不可见）：
                </span>
                {e.internalNote}
              </p>
            ) : null}
          </>
        ),
      }))}
    />
  )
}
