/** The label of a value in a list of options; the value itself when the list has none. */
export const label = (
  list: readonly { value: string; label: string }[],
  v: string,
) => list.find((item) => item.value === v)?.label ?? v
