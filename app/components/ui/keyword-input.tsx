import { CloseCircleFilled } from '@ant-design/icons'
import { useEffect, useRef, useState } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/input.css'

import styles from './keyword-input.module.css'

type Props = {
  id?: string
  name: string
  // Give the field a `key` of it so a new search starts it afresh.
  defaultValue?: string
  placeholder: string
  maxLength?: number
  ariaLabel?: string
  size?: 'large'
  isCompactFirst?: boolean
  onEnter: (keyword: string) => void
}

// Not antd's Input: it would bring its text area, password and OTP fields and the form library's
// validation, some 25 KB compressed before a visitor can type. Uncontrolled, so what a visitor
// typed before the page's scripts ran stays.
export function KeywordInput({
  id,
  name,
  defaultValue = '',
  placeholder,
  maxLength,
  ariaLabel,
  size,
  isCompactFirst = false,
  onEnter,
}: Props) {
  const [value, setValue] = useState(defaultValue)
  const [isFocused, setIsFocused] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    setValue(input.current?.value ?? '')
    setIsFocused(document.activeElement === input.current)
  }, [])
  const wrapperClasses = [
    'ant-input-affix-wrapper',
    size === 'large' && 'ant-input-affix-wrapper-lg',
    isFocused && 'ant-input-affix-wrapper-focused',
    'ant-input-outlined',
    THEME_SCOPE,
    'ant-input-css-var',
    isCompactFirst && 'ant-input-compact-item ant-input-compact-first-item',
  ]
  return (
    // antd focuses the field on a click anywhere in its frame.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <span
      className={wrapperClasses.filter(Boolean).join(' ')}
      onClick={(event) => {
        if (event.target !== input.current) input.current?.focus()
      }}
    >
      <input
        ref={input}
        id={id}
        type="search"
        name={name}
        className={size === 'large' ? 'ant-input ant-input-lg' : 'ant-input'}
        defaultValue={defaultValue}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-label={ariaLabel}
        onChange={(event) => setValue(event.target.value)}
        onFocus={() => setIsFocused(true)}
        onBlur={() => setIsFocused(false)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
          event.preventDefault()
          onEnter(event.currentTarget.value.trim())
        }}
      />
      <span className="ant-input-suffix">
        <button
          type="button"
          aria-label="清除关键字"
          className={`ant-input-clear-icon ${styles.clear}${value ? '' : ' ant-input-clear-icon-hidden'}`}
          onClick={() => {
            if (input.current) input.current.value = ''
            setValue('')
            input.current?.focus()
          }}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      </span>
    </span>
  )
}
