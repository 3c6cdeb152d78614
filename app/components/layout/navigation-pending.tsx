import type { ReactNode } from 'react'

import styles from './navigation-pending.module.css'

/**
 * The page while the next one loads: after 150 ms (quicker loads show nothing) the content
 * dims under 「加载中…」 with a spinner, as antd's Spin draws it. Written here rather than with
 * Spin because every page carries it, and Spin's scripts would come with every first visit.
 */
export function NavigationPending({
  isPending,
  children,
}: {
  isPending: boolean
  children: ReactNode
}) {
  return (
    <div className={styles.area}>
      {isPending ? (
        <div className={styles.overlay} role="status">
          <span className={styles.spinner} aria-hidden />
          <span>加载中…</span>
        </div>
      ) : null}
      <div className={isPending ? styles.dimmed : undefined}>{children}</div>
    </div>
  )
}
