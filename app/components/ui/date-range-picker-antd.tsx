import { DatePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { type ComponentRef, useEffect, useRef, useState } from 'react'

import type { DateRangePickerProps, DayRange } from './date-range-picker.tsx'
import styles from './date-range-picker.module.css'
import './dayjs-chinese.ts'
import { type FirstUse, useOpenFromFirstUse } from './load-on-use.tsx'

type Pending = [Dayjs | null, Dayjs | null]

const FORMAT = 'YYYY-MM-DD'

const toPending = (value: DayRange | undefined): Pending =>
  value ? [dayjs(value.start, FORMAT), dayjs(value.end, FORMAT)] : [null, null]

// Start and end are linked (spec §4): a start later than the end cannot be chosen.
export default function DateRangePickerAntd({
  value,
  onChange,
  label,
  id,
  use,
}: DateRangePickerProps & { use: FirstUse }) {
  const [open, setOpen] = useOpenFromFirstUse(use)
  const [pending, setPending] = useState<Pending>(() => toPending(value))
  const [active, setActive] = useState<'start' | 'end'>(
    use.part === 1 ? 'end' : 'start',
  )
  const picker = useRef<ComponentRef<typeof DatePicker.RangePicker>>(null)
  // Once, as it takes over from its look-alike.
  useEffect(() => {
    // antd types the ref as a single picker's; the range picker's focus takes the field too.
    if (use.isFocused)
      picker.current?.focus({ index: use.part } as FocusOptions)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first use only
  }, [])
  // A new range from outside (a preset, the URL) replaces what is being edited.
  const [seen, setSeen] = useState(value)
  if (seen?.start !== value?.start || seen?.end !== value?.end) {
    setSeen(value)
    setPending(toPending(value))
  }
  const [start, end] = pending
  return (
    <DatePicker.RangePicker
      ref={picker}
      // A focus opens the calendar only if it is open already; a press or a key opens it.
      open={open}
      onOpenChange={setOpen}
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
  )
}
