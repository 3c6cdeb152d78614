import { Select } from 'antd'

import { type FirstUse, useOpenFromFirstUse } from './load-on-use.tsx'
import type { SelectWithAllProps } from './select-with-all.tsx'

// Loaded when the visitor first reaches for the field: it takes the focus, and opens, as they
// reached for its look-alike.
export default function SelectWithAllAntd({
  id,
  value,
  options,
  onChange,
  allLabel = '全部',
  use,
}: SelectWithAllProps & { use: FirstUse }) {
  const [open, setOpen] = useOpenFromFirstUse(use)
  return (
    <Select
      id={id}
      value={value}
      style={{ width: '100%' }}
      options={[{ label: allLabel, value: '' }, ...options]}
      onChange={(next: string) => onChange(next)}
      showSearch={{ optionFilterProp: 'label' }}
      // The focus stays where the visitor put it, on the look-alike this replaces.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={use.isFocused}
      open={open}
      onOpenChange={setOpen}
      // Enter picks an option; it must not also send the search form around the field.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault()
      }}
    />
  )
}
