import { DownOutlined } from '@ant-design/icons'
import { lazy } from 'react'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/select.css'

import type { Option } from './expandable-radio-group.tsx'
import { LookAlikeClear } from './look-alike-clear.tsx'
import { LoadOnUse, type Reach } from './load-on-use.tsx'

export type SelectWithAllProps = {
  id: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  name?: string
  // spec §9: 全部 unless the caller says otherwise.
  allLabel?: string
}

const load = () => import('./select-with-all-antd.tsx')
const SelectWithAllAntd = lazy(load)

// spec §9, default select label. antd's Select loads when the visitor reaches for it (LoadOnUse).
export function SelectWithAll(props: SelectWithAllProps) {
  const { id, value, options, name, allLabel = '全部' } = props
  const label = options.find((option) => option.value === value)?.label
  return (
    <>
      <LoadOnUse
        load={load}
        look={(reach) => (
          <SelectLook id={id} label={label ?? allLabel} reach={reach} />
        )}
        full={(use) => <SelectWithAllAntd {...props} use={use} />}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  )
}

export function SelectLook({
  id,
  label,
  placeholder,
  reach,
  rootClasses = [],
  onClear,
}: {
  id: string
  label: string | undefined
  placeholder?: string
  reach: Reach
  rootClasses?: string[]
  onClear?: () => void
}) {
  const hasClear = Boolean(label && onClear)
  return (
    <div
      {...reach.frame}
      className={[
        'ant-select',
        ...rootClasses,
        'ant-select-outlined',
        THEME_SCOPE,
        'ant-select-css-var',
        reach.isFocused && 'ant-select-focused',
        'ant-select-single',
        hasClear && 'ant-select-allow-clear',
        'ant-select-show-arrow ant-select-show-search',
      ]
        .filter(Boolean)
        .join(' ')}
      style={{ width: '100%' }}
    >
      <div
        className={`ant-select-content${label ? ' ant-select-content-has-value' : ''}`}
        title={label}
      >
        {label ?? <div className="ant-select-placeholder">{placeholder}</div>}
        <input
          id={id}
          type="text"
          autoComplete="off"
          readOnly
          className="ant-select-input"
          role="combobox"
          // The list antd's Select opens carries this id; closed, it need not exist yet.
          aria-controls={`${id}_list`}
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-autocomplete="list"
          value=""
          {...reach.field()}
        />
      </div>
      <div className="ant-select-suffix">
        <DownOutlined />
      </div>
      {hasClear ? (
        <LookAlikeClear className="ant-select-clear" onClear={onClear} />
      ) : null}
    </div>
  )
}
