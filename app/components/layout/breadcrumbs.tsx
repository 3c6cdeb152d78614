import { Fragment } from 'react'
import { href, Link, type UIMatch, useMatches } from 'react-router'

import '#app/styles/antd.generated/breadcrumb.css'

import type { RouteHandle } from './route-handle.ts'
import { THEME_SCOPE } from './theme.ts'

type Crumb = { title: string; path: string | null }

// spec §2, breadcrumb. A section's own page carries the section's title: the trail names that
// place once, at the deeper route, rather than 政策法规 / 政策法规.
export function buildCrumbs(matches: UIMatch[]): Crumb[] {
  const titled = matches.filter((m) => {
    const handle = m.handle as RouteHandle | undefined
    return Boolean(handle?.title) && handle?.breadcrumb !== false
  })
  const entries = titled
    .map((m) => ({
      title: (m.handle as RouteHandle).title!,
      path: (m.handle as RouteHandle).noRedirect ? null : m.pathname,
    }))
    .filter((crumb, i, all) => crumb.title !== all[i + 1]?.title)
  if (titled[0]?.id !== 'index')
    entries.unshift({ title: '首页', path: href('/') })
  return entries.map((crumb, i) =>
    i === entries.length - 1 ? { ...crumb, path: null } : crumb,
  )
}

// Drawn as antd's Breadcrumb draws one, without its script: every page of the portal shows it.
export function Breadcrumbs() {
  const crumbs = buildCrumbs(useMatches())
  return (
    <nav aria-label="当前位置" className="portal-breadcrumbs">
      <span className="portal-breadcrumbs-label">当前位置：</span>
      <nav className={`ant-breadcrumb ${THEME_SCOPE}`}>
        <ol>
          {crumbs.map((crumb, i) => (
            <Fragment key={`${crumb.title}-${crumb.path ?? ''}`}>
              {i > 0 ? (
                <li className="ant-breadcrumb-separator" aria-hidden="true">
                  /
                </li>
              ) : null}
              <li className="ant-breadcrumb-item">
                <span className="ant-breadcrumb-link">
                  {crumb.path ? (
                    <Link to={crumb.path}>{crumb.title}</Link>
                  ) : (
                    crumb.title
                  )}
                </span>
              </li>
            </Fragment>
          ))}
        </ol>
      </nav>
    </nav>
  )
}
