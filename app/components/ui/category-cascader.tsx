import { lazy } from 'react'

import '#app/styles/antd.generated/cascader.css'

import { pathTo, type TreeOption } from './category-tree.ts'
import { LoadOnUse } from './load-on-use.tsx'
import { SelectLook } from './select-with-all.tsx'

export type { TreeOption }

export type CategoryCascaderProps = {
  id: string
  tree: readonly TreeOption[]
  value: string
  onChange: (value: string) => void
  name?: string
  placeholder?: string
}

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

// Only the chosen node's value is handed on, at any level. antd's Cascader loads when the visitor
// reaches for it (LoadOnUse).
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
