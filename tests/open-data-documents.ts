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
