import { useId } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/radio.css'

type Option = { label: string; value: string }

type Props = {
  /** With a name, the choice is sent with a GET form (works before scripts load). */
  name?: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  'aria-labelledby'?: string
}

/**
 * A row of choices as antd's Radio.Group draws them as solid buttons: its classes and
 * stylesheet on the browser's own radio buttons, which give the arrow keys and the form
 * submission. Every list filter of the public pages is one; antd's group brings the form
 * library with it (for a field-name helper), some 11 KB compressed on each first visit.
 */
export function RadioButtons({
  name,
  value,
  options,
  onChange,
  'aria-labelledby': labelledBy,
}: Props) {
  // Radios group for the arrow keys by name: one of their own when the form sends none.
  const groupName = useId()
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      className={`ant-radio-group ant-radio-group-solid ${THEME_SCOPE} ant-radio-css-var`}
    >
      {options.map((option) => {
        const isChecked = option.value === value
        return (
          <label
            key={option.value}
            className={`ant-radio-button-wrapper${isChecked ? ' ant-radio-button-wrapper-checked' : ''} ${THEME_SCOPE} ant-radio-css-var`}
          >
            <span
              className={`ant-radio-button${isChecked ? ' ant-radio-button-checked' : ''}`}
            >
              <input
                className="ant-radio-button-input"
                type="radio"
                name={name ?? groupName}
                value={option.value}
                checked={isChecked}
                onChange={() => onChange(option.value)}
              />
            </span>
            <span className="ant-radio-button-label">{option.label}</span>
          </label>
        )
      })}
    </div>
  )
}
