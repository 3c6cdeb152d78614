/** A node of a category tree: label, value and optional children (spec §2, cascader). */
export type TreeOption = {
  label: string
  value: string
  children?: TreeOption[]
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
