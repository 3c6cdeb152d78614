import type { CSSProperties, ReactNode } from 'react'

import styles from './console.module.css'

/**
 * A table wider than a phone: it scrolls sideways in its own box, which keyboard users can
 * focus and scroll with the arrow keys (WCAG 2.1.1), named for screen readers.
 */
export function TableScroll({
  label,
  minWidth,
  children,
}: {
  label: string
  /** Below this width the table scrolls instead of squeezing its columns. */
  minWidth: number
  children: ReactNode
}) {
  return (
    <div
      className={styles.tableScroll}
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
