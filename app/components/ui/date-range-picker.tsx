import { DatePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'

import styles from './date-range-picker.module.css'
import './dayjs-chinese.ts'

/** A chosen range of whole days, as `YYYY-MM-DD`. */
export type DayRange = { start: string; end: string }

type Props = {
  /** The range in force (from the URL), or undefined for none. */
  value: DayRange | undefined
  /**
   * Called with the new range once both ends are set, or with undefined when the visitor
   * clears the field; never with one end alone (spec §4).
   */
  onChange: (range: DayRange | undefined) => void
  /** Labels the two fields for assistive technology. */
  label: string
  /** With names, hidden fields carry the range when a GET form is sent. */
  names?: { start: string; end: string }
  id?: string
}

type Pending = [Dayjs | null, Dayjs | null]

const FORMAT = 'YYYY-MM-DD'

const toPending = (value: DayRange | undefined): Pending =>
  value ? [dayjs(value.start, FORMAT), dayjs(value.end, FORMAT)] : [null, null]

/**
 * The date-range picker of spec §4: start and end are linked, so a start later than the end
 * (or an end earlier than the start) cannot be chosen, and the range is handed on only when
 * both ends are set.
 */
export function DateRangePicker({ value, onChange, label, names, id }: Props) {
  const [pending, setPending] = useState<Pending>(() => toPending(value))
  const [active, setActive] = useState<'start' | 'end'>('start')
  // A new range from outside (a preset, the URL) replaces what is being edited.
  const [seen, setSeen] = useState(value)
  if (seen?.start !== value?.start || seen?.end !== value?.end) {
    setSeen(value)
    setPending(toPending(value))
  }
  const [start, end] = pending
  return (
    <>
      <DatePicker.RangePicker
        id={id ? { start: id, end: `${id}-end` } : undefined}
        value={pending}
        format={FORMAT}
        placeholder={['开始日期', '结束日期']}
        aria-label={label}
        allowEmpty={[true, true]}
        classNames={{ popup: styles.popup }}
        onFocus={(_event, info) => setActive(info.range ?? 'start')}
        // Enter confirms a typed day; it must not also send the search form around the picker.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
        disabledDate={(day) =>
          active === 'start'
            ? Boolean(end && day.isAfter(end, 'day'))
            : Boolean(start && day.isBefore(start, 'day'))
        }
        onChange={(dates) => {
          const next: Pending = [dates?.[0] ?? null, dates?.[1] ?? null]
          setPending(next)
          const [from, to] = next
          if (from && to) {
            // `order` already sorts a range; this keeps the rule even if it is switched off.
            const [first, last] = from.isAfter(to) ? [to, from] : [from, to]
            onChange({ start: first.format(FORMAT), end: last.format(FORMAT) })
          } else if (!from && !to && value) {
            onChange(undefined)
          }
        }}
      />
      {names && value ? (
        <>
          <input type="hidden" name={names.start} value={value.start} />
          <input type="hidden" name={names.end} value={value.end} />
        </>
      ) : null}
    </>
  )
}
