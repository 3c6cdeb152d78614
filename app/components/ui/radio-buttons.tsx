import { useId } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/radio.css'

type Option = { label: string; value: string }

type Props = {
  name?: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  'aria-labelledby'?: string
}

// The browser's own radio buttons give the arrow keys and the form submission; antd's group
// brings the form library with it, some 11 KB compressed on each first visit.
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
