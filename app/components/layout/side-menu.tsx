import { href, Link, useLocation } from 'react-router'

import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import { SIDE_MENU } from '#common/constants/site.ts'
import '#app/styles/antd.generated/menu.css'

import styles from './layout.module.css'

const isExternal = (path: string) => /^https?:\/\//.test(path)

// Drawn as antd's inline Menu draws one, without its script: four links need no menu widget.
export function SideMenu() {
  const { pathname } = useLocation()
  const current = SIDE_MENU.find((item) => pathname.startsWith(item.path))?.path
  return (
    <nav aria-label="栏目导航" className={styles.sideMenu}>
      <ul
        className={`ant-menu ant-menu-root ant-menu-inline ant-menu-light ${THEME_SCOPE} ant-menu-css-var`}
      >
        {SIDE_MENU.map((item) => (
          <li
            key={item.path}
            className={`ant-menu-item${item.path === current ? ' ant-menu-item-selected' : ''} ant-menu-item-only-child`}
            style={{ paddingLeft: 24 }}
          >
            <span className="ant-menu-title-content">
              {isExternal(item.path) ? (
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
              )}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  )
}
