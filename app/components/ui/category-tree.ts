export type TreeOption = {
  label: string
  value: string
  children?: TreeOption[]
}

export function pathTo(tree: readonly TreeOption[], value: string): string[] {
  for (const node of tree) {
    if (node.value === value) return [node.value]
    const below = pathTo(node.children ?? [], value)
    if (below.length > 0) return [node.value, ...below]
  }
  return []
}
