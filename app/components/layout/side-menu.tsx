import { Menu } from 'antd'
import { href, Link, useLocation } from 'react-router'

import { SIDE_MENU } from '#common/constants/site.ts'

import styles from './layout.module.css'

const isExternal = (path: string) => /^https?:\/\//.test(path)

/** spec §2: the top-level routes that are not hidden; the current one is highlighted. */
export function SideMenu() {
  const { pathname } = useLocation()
  const current = SIDE_MENU.find((item) => pathname.startsWith(item.path))?.path
  return (
    <nav aria-label="栏目导航" className={styles.sideMenu}>
      <Menu
        mode="inline"
        selectedKeys={current ? [current] : []}
        items={SIDE_MENU.map((item) => ({
          key: item.path,
          label: isExternal(item.path) ? (
            <a href={item.path} target="_blank" rel="noopener noreferrer">
              {item.label}
            </a>
          ) : (
            <Link
              to={href(item.path)}
              aria-current={item.path === current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          ),
        }))}
      />
    </nav>
  )
}
