import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, it } from 'vitest'

import routes from '#app/routes.ts'
import { SITE_DESCRIPTION } from '#app/components/layout/page-meta.ts'
import { FEED_GROUPS } from '#common/constants/feeds.ts'
import { PLATFORM_NAME } from '#common/constants/site.ts'
import { baseUrl } from './portal-under-test.ts'

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
/** The saved searches' pages: a form and the pages mailed links open, never indexed. */
const isAlertPath = (path: string) => /^\/alerts(\/|$)/.test(path)
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
  const credit = await firstLink('/credit/list', '/credit/detail')
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
    '/business/supervision': [
      '/business/supervision?year=2026&quarter=4',
      '/business/supervision?year=2026&quarter=4',
    ],
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
    '/complaint/figures': [
      '/complaint/figures?year=2026&period=quarter',
      '/complaint/figures?year=2026&period=quarter',
    ],
    '/policies/index': same('/policies/index'),
    '/policies/list': [
      '/policies/list?category=interpretation&keyword=投诉',
      '/policies/list?category=interpretation',
    ],
    '/policies/detail': same(policy),
    '/download': ['/download?page=1', '/download'],
    '/download/detail': same(download),
    // The status chooses what the list holds; the keyword and other filters do not.
    '/credit/list': [
      '/credit/list?status=archived&keyword=水利&kind=agency&page=1',
      '/credit/list?status=archived',
    ],
    '/credit/detail': same(credit),
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
      (path) => path !== '/404' && !isConsolePath(path) && !isAlertPath(path),
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

describe('the saved searches’ pages', () => {
  it('keeps the subscription, confirmation and unsubscription pages out of search engines and every cache', async () => {
    const token = `${'a'.repeat(22)}.${'b'.repeat(43)}`
    const samples: Record<string, string> = {
      '/alerts/subscribe': '/alerts/subscribe?scope=news&category=notice',
      '/alerts/confirm': `/alerts/confirm?token=${token}`,
      '/alerts/unsubscribe': `/alerts/unsubscribe?token=${token}`,
    }
    const paths = pagePaths(routes).filter(isAlertPath)
    expect(paths.sort()).toEqual(Object.keys(samples).sort())
    for (const path of paths) {
      const response = await fetch(`${baseUrl}${samples[path]}`)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('no-store')
      expect(response.headers.get('x-robots-tag'), path).toBe('noindex')
      const head = headOf(await response.text())
      expect(head.robots, path).toBe('noindex')
      expect(head.canonical, path).toBe('')
      expect(head.title, path).toContain(PLATFORM_NAME)
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

/** The `<loc>` (and, in an index, child) addresses of a sitemap document, decoded. */
const locsOf = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    m[1]!.replace(/&amp;/g, '&'),
  )

/** The canonical address a page gives, or what went wrong in fetching it. */
async function canonicalOf(url: string) {
  const response = await fetch(url)
  if (response.status !== 200) return `HTTP ${response.status}`
  const head = headOf(await response.text())
  return head.robots ? `robots ${head.robots}` : head.canonical
}

describe('the sitemap and the feeds of the built portal', () => {
  it('lists every public page of the route table, each by exactly the canonical address its page gives', async () => {
    const index = await fetch(`${baseUrl}/sitemap.xml`)
    expect(index.headers.get('content-type')).toBe(
      'application/xml; charset=utf-8',
    )
    const children = locsOf(await index.text())
    expect(children.length).toBeGreaterThanOrEqual(6)
    const listed: string[] = []
    const sample: string[] = []
    for (const child of children) {
      const urls = locsOf(await (await fetch(child)).text())
      listed.push(...urls)
      // Every section page; the first and last two of each kind of detail page.
      sample.push(
        ...(child.includes('/pages-')
          ? urls
          : [...urls.slice(0, 2), ...urls.slice(-2)]),
      )
    }
    for (const url of new Set(sample))
      expect(await canonicalOf(url), url).toBe(url)
    const paths = new Set(listed.map((url) => new URL(url).pathname))
    const private_ = [
      '/complaint/apply',
      '/complaint/search',
      '/complaint-entry',
      // The saved searches' forms: reached from a list or a mail, never indexed.
      '/alerts/subscribe',
      '/alerts/confirm',
      '/alerts/unsubscribe',
    ]
    for (const path of pagePaths(routes).filter(
      (p) => p !== '/404' && !isConsolePath(p),
    ))
      expect(paths.has(path), path).toBe(!private_.includes(path))
    const robots = await (await fetch(`${baseUrl}/robots.txt`)).text()
    expect(robots).toContain(`Sitemap: ${baseUrl}/sitemap.xml`)
  })

  it('links each feed’s items to pages whose canonical address is the link', async () => {
    for (const feed of FEED_GROUPS.flatMap((group) => group.feeds)) {
      const response = await fetch(`${baseUrl}/feeds/${feed.name}.rss`)
      expect(response.status, feed.name).toBe(200)
      const links = [
        ...(await response.text()).matchAll(/<link>([^<]*)<\/link>/g),
      ].map((m) => m[1]!.replace(/&amp;/g, '&'))
      // The channel's list page, then the newest and the oldest item.
      expect(links[0]).toBe(`${baseUrl}${feed.listPath}`)
      for (const url of [links[0]!, links[1]!, links.at(-1)!])
        expect(await canonicalOf(url), url).toBe(url)
    }
  })

  it('announces each list’s feeds in its head, in RSS and Atom, at addresses that serve them', async () => {
    const lists: [string, string[]][] = [
      ['/index/newList?category=notice', ['notice']],
      ['/index/newList', ['notice-industry']],
      ['/policies/index', ['policies']],
      ['/policies/list?category=regional', ['policies-regional', 'policies']],
      ['/business/list?category=202', ['trade-procurement', 'trade']],
      ['/business/list', ['trade']],
    ]
    for (const [path, names] of lists) {
      const html = await (await fetch(`${baseUrl}${path}`)).text()
      const head = /<head>([\s\S]*?)<\/head>/.exec(html)![1]!
      const alternates = [...head.matchAll(/<link rel="alternate"[^>]*>/g)].map(
        ([tag]) => ({
          type: /type="([^"]*)"/.exec(tag)?.[1],
          href: /href="([^"]*)"/.exec(tag)?.[1],
          title: /title="([^"]*)"/.exec(tag)?.[1] ?? '',
        }),
      )
      expect(
        alternates.map((a) => a.href),
        path,
      ).toEqual(
        names.flatMap((name) => [
          `${baseUrl}/feeds/${name}.rss`,
          `${baseUrl}/feeds/${name}.atom`,
        ]),
      )
      for (const alternate of alternates) {
        expect(alternate.title).toMatch(/\p{Script=Han}/u)
        const feed = await fetch(alternate.href!)
        expect(feed.status).toBe(200)
        expect(feed.headers.get('content-type')).toBe(
          `${alternate.type}; charset=utf-8`,
        )
      }
      // The page shows its own feed beside the list.
      expect(html).toContain(`href="/feeds/${names[0]}.rss"`)
    }
  })
})
