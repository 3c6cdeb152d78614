import { useId } from 'react'

import { TIME_PRESETS, type TimePresetKey } from '#common/constants/ui.ts'
import { presetRange } from '#common/date-range.ts'

import { type DayRange, DateRangePicker } from './date-range-picker.tsx'
import styles from './filters.module.css'
import { RadioButtons } from './radio-buttons.tsx'

export type TimeFilter = { preset: TimePresetKey } | { range: DayRange }

type Props = {
  label: string
  value: TimeFilter
  onChange: (value: TimeFilter) => void
  names?: { preset: string; start: string; end: string }
}

export function TimeRangeFilter({ label, value, onChange, names }: Props) {
  const labelId = useId()
  const pickerId = useId()
  const preset = 'preset' in value ? value.preset : undefined
  const shown =
    'range' in value ? value.range : preset ? presetDays(preset) : undefined
  return (
    <div className={styles.row} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={`${styles.choices} ${styles.timeChoices}`}>
        <RadioButtons
          name={names?.preset}
          value={preset ?? ''}
          options={TIME_PRESETS.map((p) => ({ label: p.label, value: p.key }))}
          onChange={(key) => onChange({ preset: key as TimePresetKey })}
        />
        <div className={styles.picker}>
          <DateRangePicker
            id={pickerId}
            label={`${label}自定义范围`}
            value={shown}
            names={'range' in value ? names : undefined}
            onChange={(range) =>
              onChange(range ? { range } : { preset: 'all' })
            }
          />
        </div>
      </div>
    </div>
  )
}

function presetDays(key: TimePresetKey): DayRange | undefined {
  const range = presetRange(key)
  return range
    ? { start: range.startTime.slice(0, 10), end: range.endTime.slice(0, 10) }
    : undefined
}
