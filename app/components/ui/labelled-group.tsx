import type { ReactNode } from 'react'

type Props = {
  labelId: string
  label: string
  className?: string
  labelClassName?: string
  children: ReactNode
}

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
