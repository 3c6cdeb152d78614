import { siteMapPagePaths } from '#common/site-map.ts'

import { fixedSitemapSource } from './open-data-sources.ts'

// The complainant's own pages: never in the sitemap, and robots.txt keeps crawlers out.
const PRIVATE_PAGE_PATHS = [
  '/complaint/apply',
  '/complaint/search',
  '/complaint-entry',
]

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

// Their lists change with every publication, their own text seldom: no date.
export const publicPagesSitemapSource = fixedSitemapSource('pages', () =>
  siteMapPagePaths()
    .filter((path) => !isPrivate(path))
    .map((path) => ({ path, lastmod: null })),
)

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
