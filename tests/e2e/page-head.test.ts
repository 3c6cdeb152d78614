import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, inject, it } from 'vitest'

import routes from '#app/routes.ts'
import { SITE_DESCRIPTION } from '#app/components/layout/page-meta.ts'
import { PLATFORM_NAME } from '#common/constants/site.ts'

const baseUrl = inject('baseUrl')

/**
 * Every page of the route table by its full path; redirects are not pages. The staff console's
 * pages (/admin…) are not public: `consolePaths` keeps them apart.
 */
function pagePaths(entries: RouteConfigEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index
      ? parent || '/'
      : entry.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${entry.path}`.replace(/^\/\//, '/')
    if (entry.children?.length) return pagePaths(entry.children, path)
    return entry.file.includes('/redirects/') || path === '/*' ? [] : [path]
  })
}
const isConsolePath = (path: string) => /^\/admin(\/|$)/.test(path)
const consolePaths = () =>
  pagePaths(routes).filter((path) => isConsolePath(path) && !path.endsWith('*'))

/** The first detail link a list page renders, e.g. `/policies/detail?id=12`. */
async function firstLink(listPath: string, detailPath: string) {
  const html = await (await fetch(`${baseUrl}${listPath}`)).text()
  const escaped = detailPath.replace(/[/?]/g, '\\$&')
  const found = new RegExp(`href="(${escaped}\\?id=\\d+[^"]*)"`).exec(html)?.[1]
  if (!found) throw new Error(`no link to ${detailPath} on ${listPath}`)
  return found.replace(/&amp;/g, '&')
}

/**
 * How each page is opened, and the canonical address it must give: lists are opened with
 * filters and page 1 that their canonical address leaves out. A new route without a line here
 * fails the test, so no public page goes without its head.
 */
async function samples(): Promise<Record<string, [string, string]>> {
  const news = await firstLink('/index/newList', '/index/newDetail')
  const policy = await firstLink('/policies/list', '/policies/detail')
  const project = await firstLink('/business/list', '/business/detail')
  const result = await firstLink('/complaint/list', '/complaint/detail')
  const download = await firstLink('/download', '/download/detail')
  const same = (path: string): [string, string] => [path, path]
  return {
    '/complaint-entry': same('/complaint-entry'),
    '/login': same('/login'),
    '/search': ['/search?keyword=', '/search'],
    '/contact': same('/contact'),
    '/sitemap': same('/sitemap'),
    '/faq': same('/faq'),
    '/index/new': ['/index/new', '/index/new'],
    '/index/newList': [
      '/index/newList?category=notice&keyword=水&time=1y&page=1',
      '/index/newList?category=notice',
    ],
    '/index/newDetail': [`${news}&from=home`, news],
    '/business/index': same('/business/index'),
    '/business/list': [
      '/business/list?region=650100&category=1&page=2&time=1m',
      '/business/list?category=1&page=2',
    ],
    // The list links a project on its latest stage's tab: the stage is part of the address.
    '/business/detail': [`${project}&from=list`, project],
    '/business/linkageDetail': same('/business/linkageDetail?id=1'),
    '/complaint/index': same('/complaint/index'),
    '/complaint/list': ['/complaint/list?type=opening', '/complaint/list'],
    // A complaint number in the address is the complainant's: never canonical.
    '/complaint/search': [
      '/complaint/search?complaintNo=202601010001',
      '/complaint/search',
    ],
    '/complaint/detail': same(result),
    '/complaint/apply': same('/complaint/apply'),
    '/complaint/feedback': same('/complaint/feedback'),
    '/policies/index': same('/policies/index'),
    '/policies/list': [
      '/policies/list?category=interpretation&keyword=投诉',
      '/policies/list?category=interpretation',
    ],
    '/policies/detail': same(policy),
    '/download': ['/download?page=1', '/download'],
    '/download/detail': same(download),
  }
}

function headOf(html: string) {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
  const attr = (tag: string | undefined, name: string) =>
    tag ? new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] : undefined
  const decode = (text = '') =>
    text
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1]),
    description: decode(
      attr(/<meta name="description"[^>]*>/.exec(head)?.[0], 'content'),
    ),
    canonical: decode(
      attr(/<link rel="canonical"[^>]*>/.exec(head)?.[0], 'href'),
    ),
    icon: attr(/<link rel="icon"[^>]*>/.exec(head)?.[0], 'href'),
    robots: attr(/<meta name="robots"[^>]*>/.exec(head)?.[0], 'content'),
  }
}

describe('the head of every public page', () => {
  it('gives each page of the route table its own description, an absolute canonical link and the icon', async () => {
    const table = await samples()
    const pages = pagePaths(routes).filter(
      (path) => path !== '/404' && !isConsolePath(path),
    )
    expect(pages.length).toBeGreaterThan(20)
    const descriptions = new Map<string, string>()
    for (const path of pages) {
      const sample = table[path]
      expect(sample, `no sample for ${path}`).toBeDefined()
      const [url, canonical] = sample!
      const response = await fetch(`${baseUrl}${encodeURI(url)}`)
      expect(response.status, url).toBe(200)
      const head = headOf(await response.text())
      expect(head.title, url).toContain(PLATFORM_NAME)
      expect(head.description.length, url).toBeGreaterThan(15)
      expect(head.description, url).not.toBe(SITE_DESCRIPTION)
      expect(head.canonical, url).toBe(`${baseUrl}${encodeURI(canonical)}`)
      expect(head.icon, url).toBe('/favicon.svg')
      expect(head.robots, url).toBeUndefined()
      descriptions.set(path, head.description)
    }
    // Detail pages describe their own content: no two alike.
    const details = pages
      .filter((path) => /detail/i.test(path))
      .map((path) => descriptions.get(path))
    expect(new Set(details).size).toBe(details.length)
    const icon = await fetch(`${baseUrl}/favicon.svg`)
    expect(icon.headers.get('content-type')).toContain('image/svg+xml')
  })

  it('keeps a search result and the not-found page out of the index', async () => {
    for (const url of ['/search?keyword=%E6%B0%B4', '/404']) {
      const head = headOf(await (await fetch(`${baseUrl}${url}`)).text())
      expect(head.robots, url).toBe('noindex')
      expect(head.canonical, url).toBe('')
      expect(head.description.length, url).toBeGreaterThan(5)
    }
  })
})

describe('what a page loads besides itself', () => {
  it('sends each script compressed, cached for a year, never sniffed, without the documents’ headers', async () => {
    const page = await fetch(`${baseUrl}/index/newList`)
    // The document keeps its security headers.
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(page.headers.get('strict-transport-security')).toBeTruthy()
    const html = await page.text()
    const scripts = [...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(
      (m) => m[0],
    )
    expect(scripts.length).toBeGreaterThan(3)
    const framework = scripts.find((s) => s.includes('framework'))!
    const script = await fetch(`${baseUrl}${framework}`, {
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(script.status).toBe(200)
    expect(script.headers.get('content-encoding')).toBe('gzip')
    expect(script.headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    )
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect(script.headers.get('cross-origin-resource-policy')).toBe(
      'same-origin',
    )
    for (const documentOnly of [
      'x-frame-options',
      'strict-transport-security',
      'referrer-policy',
      'x-dns-prefetch-control',
      'origin-agent-cluster',
    ])
      expect(script.headers.get(documentOnly), documentOnly).toBeNull()
  })
})

describe('the head of the staff console', () => {
  it('keeps every console page out of search engines and out of every cache', async () => {
    const paths = consolePaths()
    expect(paths).toEqual(
      expect.arrayContaining(['/admin', '/admin/login', '/admin/audit']),
    )
    for (const path of paths) {
      const response = await fetch(`${baseUrl}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex')
      const head = headOf(await response.text())
      expect(head.robots, path).toBe('noindex')
      expect(head.canonical, path).toBe('')
      expect(head.title, path).toContain(`管理后台 - ${PLATFORM_NAME}`)
    }
  })
})
