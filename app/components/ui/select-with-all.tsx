import { Select } from 'antd'

import type { Option } from './expandable-radio-group.tsx'

type Props = {
  id: string
  value: string
  options: readonly Option[]
  onChange: (value: string) => void
  /** With a name, the choice is sent with a GET form. */
  name?: string
  /** The label of "no filter"; spec §9: 全部 unless the caller says otherwise. */
  allLabel?: string
}

/**
 * A select whose first choice, and its label when nothing is chosen, is 全部 (spec §9, default
 * select label): the empty value stands for "no filter".
 */
export function SelectWithAll({
  id,
  value,
  options,
  onChange,
  name,
  allLabel = '全部',
}: Props) {
  return (
    <>
      <Select
        id={id}
        value={value}
        style={{ width: '100%' }}
        options={[{ label: allLabel, value: '' }, ...options]}
        onChange={(next: string) => onChange(next)}
        showSearch={{ optionFilterProp: 'label' }}
        // Enter picks an option; it must not also send the search form around the field.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  )
}
