import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons'
import { lazy } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/date-picker.css'

import { LookAlikeClear } from './look-alike-clear.tsx'
import { LoadOnUse, type Reach } from './load-on-use.tsx'

export type DayRange = { start: string; end: string }

export type DateRangePickerProps = {
  value: DayRange | undefined
  // Never with one end alone (spec §4).
  onChange: (range: DayRange | undefined) => void
  label: string
  names?: { start: string; end: string }
  id?: string
}

const load = () => import('./date-range-picker-antd.tsx')
const DateRangePickerAntd = lazy(load)

// antd's picker (with dayjs and its calendar) loads when the visitor reaches for one of the two
// fields (LoadOnUse).
export function DateRangePicker(props: DateRangePickerProps) {
  const { value, onChange, names } = props
  return (
    <>
      <LoadOnUse
        load={load}
        look={(reach) => (
          <RangeLook
            {...props}
            reach={reach}
            onClear={() => onChange(undefined)}
          />
        )}
        full={(use) => <DateRangePickerAntd {...props} use={use} />}
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

function RangeLook({
  id,
  label,
  value,
  reach,
  onClear,
}: DateRangePickerProps & { reach: Reach; onClear: () => void }) {
  const field = (part: 0 | 1) => {
    const end = part === 1
    return (
      <div
        className={`ant-picker-input ant-picker-input-${end ? 'end' : 'start'}`}
      >
        <input
          aria-invalid="false"
          autoComplete="off"
          readOnly
          aria-label={label}
          size={12}
          id={id && end ? `${id}-end` : id}
          placeholder={end ? '结束日期' : '开始日期'}
          date-range={end ? 'end' : 'start'}
          value={(end ? value?.end : value?.start) ?? ''}
          {...reach.field(part)}
        />
      </div>
    )
  }
  return (
    <div
      {...reach.frame}
      className={`ant-picker ant-picker-range${reach.isFocused ? ' ant-picker-focused' : ''} ant-picker-outlined ${THEME_SCOPE} ant-picker-css-var`}
    >
      {field(0)}
      <div className="ant-picker-range-separator">
        <span aria-hidden="true" className="ant-picker-separator">
          <SwapRightOutlined />
        </span>
      </div>
      {field(1)}
      <div
        className="ant-picker-active-bar"
        style={{ position: 'absolute', width: 0 }}
      />
      <span className="ant-picker-suffix">
        <CalendarOutlined aria-hidden />
      </span>
      {value ? (
        <LookAlikeClear className="ant-picker-clear" onClear={onClear} />
      ) : null}
    </div>
  )
}
