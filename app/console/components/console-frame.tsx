import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { SkipLink } from '#app/components/layout/skip-link.tsx'
import { PLATFORM_NAME } from '#common/constants/site.ts'

import { ConsoleNav } from './console-nav.tsx'
import { CONSOLE_NAME } from './console-meta.ts'
import { CONSOLE_HOME } from '#app/console/api/console-paths.ts'
import { ConsoleUser } from './console-user.tsx'
import styles from './console.module.css'
import type { StaffAccount } from '#app/console/api/staff-types.ts'

type Props = {
  account: StaffAccount | null
  isBusy?: boolean
  children: ReactNode
}

export function ConsoleFrame({ account, isBusy = false, children }: Props) {
  return (
    <div className={styles.frame}>
      <SkipLink />
      <header className={styles.header}>
        <Link to={CONSOLE_HOME} className={styles.brand}>
          <span className={styles.platform}>{PLATFORM_NAME}</span>
          <span className={styles.consoleName}>{CONSOLE_NAME}</span>
        </Link>
        {account ? <ConsoleUser account={account} /> : null}
      </header>
      <div className={styles.body}>
        {account ? <ConsoleNav roles={account.roles} /> : null}
        <main
          id="main-content"
          tabIndex={-1}
          className={styles.main}
          aria-busy={isBusy}
        >
          {children}
        </main>
      </div>
    </div>
  )
}
