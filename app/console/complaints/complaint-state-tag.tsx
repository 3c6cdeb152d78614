import { StatusTag, type StatusTone } from '#app/components/ui/status-tag.tsx'
import { COMPLAINT_FLAGS } from '#common/constants/statute.ts'
import type { ComplaintFlags } from '#common/schemas/complaint/complaint-follow-up.ts'

import styles from './workbench.module.css'

const STATE_TONE: Record<string, StatusTone> = {
  submitted: 'warning',
  received: 'info',
  accepted: 'info',
  withdrawal_requested: 'warning',
  decided: 'success',
}

export function ComplaintStateTag({
  state,
  label,
}: {
  state: string
  label: string
}) {
  return <StatusTag tone={STATE_TONE[state] ?? 'neutral'}>{label}</StatusTag>
}

export function ComplaintFlagTags({ flags }: { flags: ComplaintFlags }) {
  const shown = COMPLAINT_FLAGS.filter((flag) => flags[flag.value])
  if (shown.length === 0) return null
  return (
    <span className={styles.flags}>
      {shown.map((flag) => (
        <StatusTag key={flag.value} tone="neutral">
          {flag.label}
        </StatusTag>
      ))}
    </span>
  )
}
