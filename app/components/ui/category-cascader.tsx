import { Cascader } from 'antd'

/** A node of a category tree: label, value and optional children (spec §2, cascader). */
export type TreeOption = {
  label: string
  value: string
  children?: TreeOption[]
}

type Props = {
  id: string
  tree: readonly TreeOption[]
  /** The chosen node's value, at any depth; empty for none. */
  value: string
  onChange: (value: string) => void
  /** With a name, the choice is sent with a GET form. */
  name?: string
  placeholder?: string
}

/** The values from the root down to the node holding `value`, or [] when it is not in the tree. */
export function pathTo(tree: readonly TreeOption[], value: string): string[] {
  for (const node of tree) {
    if (node.value === value) return [node.value]
    const below = pathTo(node.children ?? [], value)
    if (below.length > 0) return [node.value, ...below]
  }
  return []
}

/**
 * The category cascader: any level can be chosen (a whole trading category or one of its
 * kinds), and only the chosen node's value is handed on.
 */
export function CategoryCascader({
  id,
  tree,
  value,
  onChange,
  name,
  placeholder = '全部',
}: Props) {
  const path = value ? pathTo(tree, value) : []
  return (
    <>
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
        // Enter picks an option; it must not also send the search form around the field.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault()
        }}
        onChange={(next) => onChange(String(next?.at(-1) ?? ''))}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  )
}
