export const label = (
  list: readonly { value: string; label: string }[],
  v: string,
) => list.find((item) => item.value === v)?.label ?? v
