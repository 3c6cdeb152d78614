import { Button, Empty } from 'antd'

// A list emptied by its filters offers the way back to everything.
export function FilteredEmpty({
  isFiltered,
  description,
  onClear,
}: {
  isFiltered: boolean
  description: string
  onClear: () => void
}) {
  return (
    <Empty description={description}>
      {isFiltered ? <Button onClick={onClear}>清除筛选条件</Button> : null}
    </Empty>
  )
}
