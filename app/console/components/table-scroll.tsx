import type { CSSProperties, ReactNode } from 'react'

import styles from './console.module.css'

export function TableScroll({
  label,
  minWidth,
  children,
}: {
  label: string
  minWidth: number
  children: ReactNode
}) {
  return (
    <div
      className={`portal-table-scroll ${styles.tableScroll}`}
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}
    >
      {children}
    </div>
  )
}
