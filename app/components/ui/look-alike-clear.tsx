import { CloseCircleFilled } from '@ant-design/icons'

type Props = {
  /** antd's class for the control's clear icon (ant-select-clear, ant-picker-clear). */
  className: string
  onClear?: () => void
}

/** The 清除 button of a control drawn as antd draws it until antd's control loads. */
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
