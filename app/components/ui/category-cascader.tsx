import { lazy } from 'react'

import '#app/styles/antd.generated/cascader.css'

import { pathTo, type TreeOption } from './category-tree.ts'
import { LoadOnUse } from './load-on-use.tsx'
import { SelectLook } from './select-with-all.tsx'

export type { TreeOption }

export type CategoryCascaderProps = {
  id: string
  tree: readonly TreeOption[]
  /** The chosen node's value, at any depth; empty for none. */
  value: string
  onChange: (value: string) => void
  /** With a name, the choice is sent with a GET form. */
  name?: string
  placeholder?: string
}

/** The labels from the root down to the node holding `value`, as antd's Cascader shows them. */
function labelOf(tree: readonly TreeOption[], value: string) {
  const labels: string[] = []
  let level = tree
  for (const step of pathTo(tree, value)) {
    const node = level.find((option) => option.value === step)!
    labels.push(node.label)
    level = node.children ?? []
  }
  return labels.length > 0 ? labels.join(' / ') : undefined
}

const load = () => import('./category-cascader-antd.tsx')
const CategoryCascaderAntd = lazy(load)

/**
 * The category cascader: any level can be chosen (a whole trading category or one of its
 * kinds), and only the chosen node's value is handed on. Drawn as antd's closed Cascader until
 * the visitor reaches for it; antd's Cascader then loads and opens (LoadOnUse).
 */
export function CategoryCascader(props: CategoryCascaderProps) {
  const { id, tree, value, onChange, name, placeholder = '全部' } = props
  return (
    <>
      <LoadOnUse
        load={load}
        look={(reach) => (
          <SelectLook
            id={id}
            label={value ? labelOf(tree, value) : undefined}
            placeholder={placeholder}
            reach={reach}
            rootClasses={['ant-cascader', 'ant-cascader-css-var']}
            onClear={() => onChange('')}
          />
        )}
        full={(use) => <CategoryCascaderAntd {...props} use={use} />}
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
    </>
  )
}
