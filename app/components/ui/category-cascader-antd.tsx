import { Cascader } from 'antd'

import type { CategoryCascaderProps } from './category-cascader.tsx'
import { pathTo, type TreeOption } from './category-tree.ts'
import { type FirstUse, useOpenFromFirstUse } from './load-on-use.tsx'

// Loaded when the visitor first reaches for the field: it takes the focus, and opens, as they
// reached for its look-alike.
export default function CategoryCascaderAntd({
  id,
  tree,
  value,
  onChange,
  placeholder = '全部',
  use,
}: CategoryCascaderProps & { use: FirstUse }) {
  const [open, setOpen] = useOpenFromFirstUse(use)
  const path = value ? pathTo(tree, value) : []
  return (
    <Cascader
      id={id}
      // antd's option type wants mutable arrays; the tree is only read.
      options={tree as TreeOption[]}
      value={path.length > 0 ? path : undefined}
      placeholder={placeholder}
      changeOnSelect
      // A tap both chooses a category and opens its kinds: there is no hover on a touch
      // screen, and with hover a tap on a category closed the list before its kinds showed.
      expandTrigger="click"
      style={{ width: '100%' }}
      showSearch
      // The focus stays where the visitor put it, on the look-alike this replaces.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus={use.isFocused}
      open={open}
      onOpenChange={setOpen}
      // Enter picks an option; it must not also send the search form around the field.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault()
      }}
      onChange={(next) => onChange(String(next?.at(-1) ?? ''))}
    />
  )
}
