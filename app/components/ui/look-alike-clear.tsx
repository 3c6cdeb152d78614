import { CloseCircleFilled } from '@ant-design/icons'

type Props = {
  className: string
  onClear?: () => void
}

export function LookAlikeClear({ className, onClear }: Props) {
  return (
    <button
      type="button"
      aria-label="清除"
      className={className}
      // Clearing needs no calendar or list: the look-alike stays.
      onPointerDown={(event) => event.stopPropagation()}
      onClick={onClear}
    >
      <CloseCircleFilled />
    </button>
  )
}
