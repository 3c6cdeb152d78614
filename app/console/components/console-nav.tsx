import { NavLink } from 'react-router'

import type { StaffRole } from '#common/constants/staff.ts'

import { menuFor } from './console-menu.ts'
import { CONSOLE_HOME } from '#app/console/api/console-paths.ts'
import styles from './console.module.css'

export function ConsoleNav({ roles }: { roles: readonly StaffRole[] }) {
  const entries = menuFor(roles)
  if (entries.length === 0) return null
  return (
    <nav aria-label="管理菜单" className={styles.nav}>
      <ul className={styles.menu}>
        {entries.map((entry) => (
          <li key={entry.to}>
            {entry.isReady ? (
              <NavLink
                to={entry.to}
                end={entry.to === CONSOLE_HOME}
                className={styles.menuLink}
              >
                {entry.label}
              </NavLink>
            ) : (
              <span className={`${styles.menuLink} ${styles.menuPending}`}>
                {entry.label}
                <span className={styles.pendingNote}>建设中</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
