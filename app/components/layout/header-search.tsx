import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons'
import { useEffect, useRef, useState } from 'react'

import { THEME_SCOPE } from './theme.ts'
import '#app/styles/antd.generated/input.css'
import '#app/styles/antd.generated/input-search.css'
import '#app/styles/antd.generated/button.css'
import '#app/styles/antd.generated/button-compact.css'
import '#app/styles/antd.generated/space-compact.css'

type Props = {
  name: string
  placeholder: string
  ariaLabel: string
  onSearch: (keyword: string) => void
}

/**
 * The header's keyword box: antd's Input.Search (allowClear, no enter button) as antd draws it,
 * its classes and stylesheets, with the little it does written here: the focus ring, the clear
 * button, Enter and the search button. Every page shows it, and antd's Input brings its text
 * area, password and OTP fields and the form's validation with it, some 25 KB compressed.
 */
export function HeaderSearch({
  name,
  placeholder,
  ariaLabel,
  onSearch,
}: Props) {
  // The field keeps its own value (uncontrolled): what a visitor typed before the page's
  // scripts ran stays, and is read here once they do.
  const [value, setValue] = useState('')
  const [isFocused, setIsFocused] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    setValue(input.current?.value ?? '')
    setIsFocused(document.activeElement === input.current)
  }, [])
  const search = () => onSearch(input.current?.value ?? value)
  return (
    <div className={`ant-space-compact ant-input-search ${THEME_SCOPE}`}>
      {/* antd focuses the field on a click anywhere in its frame. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <span
        className={`ant-input-affix-wrapper${isFocused ? ' ant-input-affix-wrapper-focused' : ''} ant-input-outlined ${THEME_SCOPE} ant-input-css-var ant-input-compact-item ant-input-compact-first-item`}
        onClick={(event) => {
          if (event.target !== input.current) input.current?.focus()
        }}
      >
        <input
          ref={input}
          placeholder={placeholder}
          aria-label={ariaLabel}
          type="search"
          className="ant-input"
          name={name}
          defaultValue=""
          onChange={(event) => setValue(event.target.value)}
          onFocus={() => setIsFocused(true)}
          onBlur={() => setIsFocused(false)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
            event.preventDefault()
            search()
          }}
        />
        <span className="ant-input-suffix">
          <button
            type="button"
            className={`ant-input-clear-icon${value ? '' : ' ant-input-clear-icon-hidden'}`}
            onClick={() => {
              if (input.current) input.current.value = ''
              setValue('')
              input.current?.focus()
            }}
          >
            <CloseCircleFilled />
          </button>
        </span>
      </span>
      <button
        type="button"
        className={`ant-btn ${THEME_SCOPE} ant-btn-default ant-btn-color-default ant-btn-variant-outlined ant-btn-icon-only ant-btn-compact-item ant-btn-compact-last-item ant-input-search-btn`}
        // Like antd's: a click keeps the focus in the field it searches from.
        onMouseDown={(event) => {
          if (document.activeElement === input.current) event.preventDefault()
        }}
        onClick={search}
      >
        <span className="ant-btn-icon">
          <SearchOutlined />
        </span>
      </button>
    </div>
  )
}
