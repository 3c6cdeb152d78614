import type { Location, MetaDescriptor } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import {
  FEED_FORMATS,
  FEED_MEDIA_TYPES,
  type FeedInfo,
  feedPath,
} from '#common/constants/feeds.ts'
import { SITE_SETTING_DEFAULTS } from '#common/constants/site.ts'
import type { SiteSettings } from '#common/schemas/site.ts'

import { siteSettingsOf } from './site-settings.ts'

const siteDescription = (
  settings: Pick<SiteSettings, 'platformName' | 'guidanceUnit'>,
) =>
  `${settings.platformName}由${settings.guidanceUnit}主办，公开水利工程建设项目招标投标信息、政策法规和投诉处理结果，受理招标投标活动的网上投诉。`
export const SITE_DESCRIPTION = siteDescription(SITE_SETTING_DEFAULTS)

// Search engines show about this many characters of a description.
const DESCRIPTION_MAX = 150

type MetaArgsLike = {
  location: Pick<Location, 'pathname' | 'search'>
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]
  error?: unknown
}

type PageMeta = {
  title?: string
  description?: string
  params?: readonly string[]
  // A search result or a missing page: no canonical link.
  isIndexable?: boolean
  feeds?: readonly FeedInfo[]
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > DESCRIPTION_MAX
    ? `${flat.slice(0, DESCRIPTION_MAX - 1)}…`
    : flat
}

// Only the parameters that choose the content: never filters, keywords or personal data such as
// a complaint number.
export function canonicalUrl(
  base: string,
  location: Pick<Location, 'pathname' | 'search'>,
  params: readonly string[],
): string {
  const given = new URLSearchParams(location.search)
  const kept = new URLSearchParams()
  for (const name of params) {
    const value = given.get(name)?.trim()
    if (value && !(name === 'page' && value === '1')) kept.set(name, value)
  }
  const path =
    location.pathname.length > 1
      ? location.pathname.replace(/\/+$/, '')
      : location.pathname
  const query = kept.toString()
  return `${base}${path}${query ? `?${query}` : ''}`
}

function publicBaseUrl(matches: MetaArgsLike['matches']): string | null {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as
    { clientConfig?: ClientConfig } | undefined
  return root?.clientConfig?.publicBaseUrl ?? null
}

// Below this, a summary alone does not tell a search result what the page is.
const SHORT_SUMMARY = 40

export function detailDescription(
  title: string | undefined,
  summary: string | undefined,
): string | undefined {
  const text = summary?.trim() ?? ''
  if (text.length >= SHORT_SUMMARY || !title) return text || undefined
  return text ? `${title}：${text}` : title
}

export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const settings = siteSettingsOf(args.matches)
  const { platformName } = settings
  const tags: MetaDescriptor[] = [
    { title: page.title ? `${page.title} - ${platformName}` : platformName },
    {
      name: 'description',
      content: clip(page.description?.trim() || siteDescription(settings)),
    },
  ]
  const base = publicBaseUrl(args.matches)
  if (args.error || page.isIndexable === false || !base)
    return [...tags, { name: 'robots', content: 'noindex' }]
  return [
    ...tags,
    {
      tagName: 'link',
      rel: 'canonical',
      href: canonicalUrl(base, args.location, page.params ?? []),
    },
    ...(page.feeds ?? []).flatMap((feed) => feedAlternates(base, feed)),
  ]
}

function feedAlternates(base: string, feed: FeedInfo): MetaDescriptor[] {
  return FEED_FORMATS.map((format) => ({
    tagName: 'link',
    rel: 'alternate',
    type: FEED_MEDIA_TYPES[format],
    title: `${feed.title}（${format === 'rss' ? 'RSS' : 'Atom'}）`,
    href: `${base}${feedPath(feed.name, format)}`,
  }))
}
