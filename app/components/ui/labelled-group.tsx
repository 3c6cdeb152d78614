import type { ReactNode } from 'react'

type Props = {
  labelId: string
  label: string
  className?: string
  labelClassName?: string
  children: ReactNode
}

/** A row of controls named by the visible label at its start (a group for assistive technology). */
export function LabelledGroup({
  labelId,
  label,
  className,
  labelClassName,
  children,
}: Props) {
  return (
    <div className={className} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={labelClassName}>
        {label}
      </span>
      {children}
    </div>
  )
}
