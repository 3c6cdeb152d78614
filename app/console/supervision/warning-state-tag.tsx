import { StatusTag, type StatusTone } from '#app/components/ui/status-tag.tsx'
import type { WarningState } from '#common/constants/supervision.ts'

// 已核实 is a finding, so it is said in the danger tone; 已消除 needs nothing more from anyone.
const STATE_TONE: Record<WarningState, StatusTone> = {
  raised: 'warning',
  checking: 'info',
  verified: 'danger',
  dismissed: 'neutral',
  cleared: 'success',
}

export function WarningStateTag({
  state,
  label,
}: {
  state: WarningState
  label: string
}) {
  return <StatusTag tone={STATE_TONE[state]}>{label}</StatusTag>
}
