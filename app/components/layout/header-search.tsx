import { SearchOutlined } from '@ant-design/icons'
import { useRef } from 'react'

import { KeywordInput } from '#app/components/ui/keyword-input.tsx'

import { THEME_SCOPE } from './theme.ts'
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

// On the portal's KeywordInput: see there for why not antd's own.
export function HeaderSearch({
  name,
  placeholder,
  ariaLabel,
  onSearch,
}: Props) {
  const box = useRef<HTMLDivElement>(null)
  const typed = () => box.current?.querySelector('input')?.value.trim() ?? ''
  return (
    <div
      ref={box}
      className={`ant-space-compact ant-input-search ${THEME_SCOPE}`}
    >
      <KeywordInput
        name={name}
        placeholder={placeholder}
        ariaLabel={ariaLabel}
        isCompactFirst
        onEnter={onSearch}
      />
      <button
        type="button"
        aria-label="搜索"
        className={`ant-btn ${THEME_SCOPE} ant-btn-default ant-btn-color-default ant-btn-variant-outlined ant-btn-icon-only ant-btn-compact-item ant-btn-compact-last-item ant-input-search-btn`}
        // Like antd's: a click keeps the focus in the field it searches from.
        onMouseDown={(event) => {
          if (document.activeElement === box.current?.querySelector('input'))
            event.preventDefault()
        }}
        onClick={() => onSearch(typed())}
      >
        <span className="ant-btn-icon">
          <SearchOutlined aria-hidden />
        </span>
      </button>
    </div>
  )
}
