import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'

import routes from '#app/routes.ts'
import { SIDE_MENU } from '#common/constants/site.ts'

import { SITE_MAP } from '#common/site-map.ts'

/**
 * Every public page of the route table with its full path (redirects and layouts are no pages;
 * the staff console under /admin is not public: it is neither mapped nor indexed).
 */
function pagePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index
      ? parent || '/'
      : entry.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${entry.path}`.replace(/^\/\//, '/')
    if (entry.children?.length) return pagePaths(entry.children, path)
    return entry.file.includes('/redirects/') || path.startsWith('/admin')
      ? []
      : [path]
  })
}

/**
 * Pages a visitor reaches from a list with an id, the saved searches' pages (reached from a list
 * or a mail, never indexed), and the not-found page.
 */
const NOT_IN_MAP = [
  '/alerts/subscribe',
  '/alerts/confirm',
  '/alerts/unsubscribe',
  '/index/newDetail',
  '/business/detail',
  '/business/linkageDetail',
  '/complaint/detail',
  '/policies/detail',
  '/download/detail',
  '/credit/detail',
  '/404',
]

const mapped = SITE_MAP.flatMap((section) => [
  ...(section.to ? [section.to] : []),
  ...section.pages.flatMap((page) => [
    page.to,
    ...(page.parts ?? []).map((part) => part.to),
  ]),
])

describe('the site map', () => {
  it('lists every public page of the route table, and no page that is not in it', () => {
    const pages = pagePaths(routes)
    expect(pages).toContain('/sitemap')
    const expected = pages.filter((path) => !NOT_IN_MAP.includes(path))
    const listed = new Set(mapped.map((to) => to.split('?')[0]))
    for (const path of expected) expect(listed).toContain(path)
    const sectionPaths = SIDE_MENU.map((item) => item.path as string)
    for (const path of listed)
      expect([...expected, ...sectionPaths]).toContain(path)
  })

  it('follows the side menu: its sections in its order, under its labels', () => {
    expect(
      SITE_MAP.slice(0, SIDE_MENU.length).map((s) => [s.label, s.to]),
    ).toEqual(SIDE_MENU.map((item) => [item.label, item.path]))
  })

  it('names each list’s parts by the categories the list offers', () => {
    const parts = SITE_MAP.flatMap((s) => s.pages).flatMap((p) => p.parts ?? [])
    expect(parts.map((p) => p.to)).toContain('/policies/list?category=regional')
    expect(parts.map((p) => p.to)).toContain('/business/list?category=7')
    expect(new Set(parts.map((p) => p.to)).size).toBe(parts.length)
  })
})
