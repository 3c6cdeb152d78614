import type { ReactNode } from 'react'

import styles from './navigation-pending.module.css'

// After 150 ms: quicker loads show nothing. Not antd's Spin: every page carries this, and Spin's
// scripts would come with every first visit.
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
