import { siteMapPagePaths } from '#common/site-map.ts'

import { fixedSitemapSource } from './open-data-sources.ts'

/**
 * The pages of a complainant's own flow: filing (its form holds what the complainant types)
 * and the query by complaint number. They are never in the sitemap, and robots.txt keeps
 * crawlers out of them.
 */
const PRIVATE_PAGE_PATHS = [
  '/complaint/apply',
  '/complaint/search',
  '/complaint-entry',
]

/** What robots.txt disallows: the staff console and APIs, the other APIs, the private pages. */
const DISALLOWED_PATHS = [
  '/admin',
  '/staff-api',
  '/JdPortalApi',
  '/xjApi',
  '/ca/sign',
  '/metrics',
  ...PRIVATE_PAGE_PATHS,
]

const isPrivate = (path: string) =>
  PRIVATE_PAGE_PATHS.includes(path.split('?')[0]!)

/**
 * The section and service pages, as the site map page lists them (common/site-map.ts), without
 * the private ones. Their lists change with every publication, their own text seldom: no date.
 */
export const publicPagesSitemapSource = fixedSitemapSource('pages', () =>
  siteMapPagePaths()
    .filter((path) => !isPrivate(path))
    .map((path) => ({ path, lastmod: null })),
)

/** robots.txt: the public site allowed, the rest disallowed, the sitemap's absolute address. */
export function robotsText(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
}
