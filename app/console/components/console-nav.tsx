import { Link, useLocation } from 'react-router'

import type { StaffRole } from '#common/constants/staff.ts'

import { menuFor } from './console-menu.ts'
import { CONSOLE_HOME } from '#app/console/api/console-paths.ts'
import styles from './console.module.css'

/**
 * The entry of the page shown: the longest whose path leads to it, so that 预警阈值
 * (/admin/supervision/thresholds) is not also 监督预警 (/admin/supervision), while a warning's
 * own page (/admin/supervision/12) is; the home only on itself.
 */
function currentEntry(paths: string[], pathname: string): string | undefined {
  return paths
    .filter((to) =>
      to === CONSOLE_HOME
        ? pathname === to
        : pathname === to || pathname.startsWith(`${to}/`),
    )
    .sort((a, b) => b.length - a.length)[0]
}

export function ConsoleNav({ roles }: { roles: readonly StaffRole[] }) {
  const entries = menuFor(roles)
  const { pathname } = useLocation()
  if (entries.length === 0) return null
  const current = currentEntry(
    entries.filter((entry) => entry.isReady).map((entry) => entry.to),
    pathname.replace(/\/+$/, '') || '/',
  )
  return (
    <nav aria-label="管理菜单" className={styles.nav}>
      <ul className={styles.menu}>
        {entries.map((entry) => (
          <li key={entry.to}>
            {entry.isReady ? (
              <Link
                to={entry.to}
                aria-current={entry.to === current ? 'page' : undefined}
                className={styles.menuLink}
              >
                {entry.label}
              </Link>
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
