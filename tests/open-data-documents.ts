import { type FastifyInstance } from 'fastify'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { expect } from 'vitest'

import { siteMapPagePaths } from '#common/site-map.ts'
import { articlePath } from '#common/public-paths.ts'

// Parsed by fast-xml-parser, not by the libraries that wrote them.

// Elements that may repeat are arrays even when there is one.
const REPEATED = new Set([
  'rss.channel.item',
  'rss.channel.item.category',
  'rss.channel.atom:link',
  'feed.link',
  'feed.entry',
  'feed.entry.link',
  'feed.entry.category',
  'urlset.url',
  'sitemapindex.sitemap',
])
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (_name, jpath) => REPEATED.has(String(jpath)),
})

export function parseXml(xml: string): Record<string, unknown> {
  expect(XMLValidator.validate(xml)).toBe(true)
  return parser.parse(xml) as Record<string, unknown>
}

export type RssChannel = {
  title: string
  link: string
  description: string
  language: string
  lastBuildDate: string
  'atom:link': { '@href': string; '@rel': string }[]
  item?: {
    title: string
    link: string
    guid: string | { '#text': string }
    pubDate: string
    description: string
    category?: string[]
  }[]
}

export type AtomFeed = {
  id: string
  title: string | { '#text': string }
  updated: string
  author: { name: string }
  link: { '@href': string; '@rel'?: string }[]
  entry?: {
    id: string
    title: { '#text': string; '@type': string } | string
    updated: string
    published: string
    link: { '@href': string }[]
    summary: { '#text': string } | string
    category?: { '@term'?: string; '@label'?: string }[]
  }[]
}

export const textOf = (value: string | { '#text': string }) =>
  typeof value === 'string' ? value : value['#text']

export function rssChannel(xml: string): RssChannel {
  const rss = parseXml(xml).rss as { '@version': string; channel: RssChannel }
  expect(rss['@version']).toBe('2.0')
  return rss.channel
}

export function atomFeed(xml: string): AtomFeed {
  const feed = parseXml(xml).feed as AtomFeed & { '@xmlns': string }
  expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom')
  return feed
}

// Every element an array, so that a count can be checked: RFC 4287 says "exactly one" often.
const countingParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (_name, _jpath, _isLeaf, isAttribute) => !isAttribute,
})

type XmlNode = Record<string, unknown>
const childrenOf = (node: XmlNode, name: string) =>
  ((node[name] as unknown[] | undefined) ?? []).map((child) =>
    typeof child === 'string' ? { '#text': child } : (child as XmlNode),
  )
const textIn = (node: XmlNode | undefined) =>
  typeof node?.['#text'] === 'string' ? node['#text'].trim() : ''
const RFC_3339 =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

// The rules of RFC 4287 §4.1 and §4.2 a feed reader relies on; each broken one is named.
function atomElementProblems(node: XmlNode, where: string): string[] {
  const problems: string[] = []
  for (const name of ['id', 'title', 'updated']) {
    const found = childrenOf(node, name)
    if (found.length !== 1)
      problems.push(`${where}: ${found.length} <${name}> (exactly one)`)
  }
  const id = textIn(childrenOf(node, 'id')[0])
  if (!URL.canParse(id)) problems.push(`${where}: <id> "${id}" is no IRI`)
  for (const name of ['updated', 'published']) {
    const date = textIn(childrenOf(node, name)[0])
    if (childrenOf(node, name).length > 0 && !RFC_3339.test(date))
      problems.push(`${where}: <${name}> "${date}" is no RFC 3339 date`)
  }
  for (const author of childrenOf(node, 'author'))
    if (!textIn(childrenOf(author, 'name')[0]))
      problems.push(`${where}: <author> without <name>`)
  const links = childrenOf(node, 'link')
  if (links.some((link) => !link['@href']))
    problems.push(`${where}: <link> without href`)
  const alternates = links
    .filter((link) => (link['@rel'] ?? 'alternate') === 'alternate')
    .map((link) => `${String(link['@type'])} ${String(link['@hreflang'])}`)
  if (new Set(alternates).size !== alternates.length)
    problems.push(
      `${where}: two rel="alternate" links of one type and language`,
    )
  for (const category of childrenOf(node, 'category'))
    if (!String(category['@term'] ?? '').trim())
      problems.push(`${where}: <category> without term`)
  return problems
}

/** What an Atom document lacks of what RFC 4287 requires; none for a valid one. */
export function atomProblems(xml: string): string[] {
  expect(XMLValidator.validate(xml)).toBe(true)
  const feed = (countingParser.parse(xml) as XmlNode).feed as
    XmlNode[] | undefined
  if (feed?.length !== 1) return ['no <feed> root element']
  const root = feed[0]!
  const problems = atomElementProblems(root, 'feed')
  if (root['@xmlns'] !== 'http://www.w3.org/2005/Atom')
    problems.push('feed: not in the Atom namespace')
  const selfLinks = childrenOf(root, 'link').filter(
    (link) => link['@rel'] === 'self',
  )
  if (selfLinks.length !== 1)
    problems.push(`feed: ${selfLinks.length} rel="self" links (exactly one)`)
  const entries = childrenOf(root, 'entry')
  const hasAuthor = (node: XmlNode) => childrenOf(node, 'author').length > 0
  if (!hasAuthor(root) && !entries.every(hasAuthor))
    problems.push('feed: no <author>, and an entry has none of its own')
  entries.forEach((entry, i) => {
    const where = `entry ${i + 1} (${textIn(childrenOf(entry, 'id')[0])})`
    problems.push(...atomElementProblems(entry, where))
    const alternate = childrenOf(entry, 'link').some(
      (link) => (link['@rel'] ?? 'alternate') === 'alternate',
    )
    if (!alternate && childrenOf(entry, 'content').length === 0)
      problems.push(`${where}: neither <content> nor a rel="alternate" link`)
  })
  return problems
}

export const CHINESE = /\p{Script=Han}/u

export async function publicPageProblem(
  app: FastifyInstance,
  base: string,
  url: string,
): Promise<string | null> {
  if (!url.startsWith(`${base}/`)) return `${url} is not under ${base}`
  const path = url.slice(base.length)
  if (siteMapPagePaths().includes(path)) return null
  const address = new URL(url)
  const id = Number(address.searchParams.get('id'))
  const api = app.portalApi
  switch (address.pathname) {
    case '/index/newDetail':
    case '/policies/detail':
    case '/download/detail': {
      const article = await api.articleDetail({ id, ptype: 'jd' })
      if (!article || article.withdrawal) return `${path}: no public article`
      const canonical = articlePath(article.id, article.categoryId)
      return canonical === path ? null : `${path} is shown at ${canonical}`
    }
    case '/business/detail': {
      const project = await api.projectDetail({ id })
      if (!project || project.withdrawal) return `${path}: no public project`
      const stage = address.searchParams.get('stage')
      if (stage === null) return null
      const tab = project.stages.find((s) => s.stage === stage)
      return tab?.announcement && !tab.withdrawal
        ? null
        : `${path}: no public announcement`
    }
    case '/business/linkageDetail': {
      const record = await api.linkageDetail({ id })
      return record && !record.withdrawal ? null : `${path}: no public record`
    }
    case '/complaint/detail':
      return (await api.complaintDetail({ id }))
        ? null
        : `${path}: no published result`
    case '/credit/detail': {
      const record = await api.creditDetail({ id })
      return record && !record.isWithdrawn
        ? null
        : `${path}: no published credit record`
    }
  }
  return `${path} is no page of the site`
}
