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

/** What a page says of itself when it has nothing of its own (a search result's snippet). */
const siteDescription = (
  settings: Pick<SiteSettings, 'platformName' | 'guidanceUnit'>,
) =>
  `${settings.platformName}由${settings.guidanceUnit}主办，公开水利工程建设项目招标投标信息、政策法规和投诉处理结果，受理招标投标活动的网上投诉。`
/** The description with the settings a new database starts with. */
export const SITE_DESCRIPTION = siteDescription(SITE_SETTING_DEFAULTS)

/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 150

type MetaArgsLike = {
  location: Pick<Location, 'pathname' | 'search'>
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]
  error?: unknown
}

type PageMeta = {
  /** The page's own title, put before the platform name; none: the platform name alone. */
  title?: string
  /** What this page holds (an article's summary, a project's facts); empty: the site's. */
  description?: string
  /** The query parameters that choose what the page shows (id, category, page), in order. */
  params?: readonly string[]
  /** A page that must not be indexed (a search result, a missing page): no canonical link. */
  isIndexable?: boolean
  /** The feeds that follow what the page lists, announced to readers in both formats. */
  feeds?: readonly FeedInfo[]
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > DESCRIPTION_MAX
    ? `${flat.slice(0, DESCRIPTION_MAX - 1)}…`
    : flat
}

/**
 * The page's address for search engines: the configured public base, the path, and only the
 * parameters that choose the content (never filters, keywords or personal data such as a
 * complaint number); page 1 is the page without `page`.
 */
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

/** Below this, a summary alone does not tell a search result what the page is. */
const SHORT_SUMMARY = 40

/**
 * A detail page's description: its summary, led by its title when the summary is short (a
 * notice of two lines, a download entry), so that every page still describes itself.
 */
export function detailDescription(
  title: string | undefined,
  summary: string | undefined,
): string | undefined {
  const text = summary?.trim() ?? ''
  if (text.length >= SHORT_SUMMARY || !title) return text || undefined
  return text ? `${title}：${text}` : title
}

/**
 * The head of a public page (React Router `meta`): its title, its own description and its
 * canonical link. A page whose loader failed is not indexed.
 */
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

/** `<link rel="alternate">` of a feed in RSS and in Atom, as feed readers look for them. */
function feedAlternates(base: string, feed: FeedInfo): MetaDescriptor[] {
  return FEED_FORMATS.map((format) => ({
    tagName: 'link',
    rel: 'alternate',
    type: FEED_MEDIA_TYPES[format],
    title: `${feed.title}（${format === 'rss' ? 'RSS' : 'Atom'}）`,
    href: `${base}${feedPath(feed.name, format)}`,
  }))
}
