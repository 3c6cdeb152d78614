import type { Location, MetaDescriptor } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import { GUIDANCE_UNIT, PLATFORM_NAME } from '#common/constants/site.ts'

/** What a page says of itself when it has nothing of its own (a search result's snippet). */
export const SITE_DESCRIPTION = `${PLATFORM_NAME}由${GUIDANCE_UNIT}主办，公开水利工程建设项目招标投标信息、政策法规和投诉处理结果，受理招标投标活动的网上投诉。`

/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 150

type MetaArgsLike = {
  location: Pick<Location, 'pathname' | 'search'>
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]
  error?: unknown
}

export type PageMeta = {
  /** The page's own title, put before the platform name; none: the platform name alone. */
  title?: string
  /** What this page holds (an article's summary, a project's facts); empty: the site's. */
  description?: string
  /** The query parameters that choose what the page shows (id, category, page), in order. */
  params?: readonly string[]
  /** A page that must not be indexed (a search result, a missing page): no canonical link. */
  isIndexable?: boolean
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

/**
 * The head of a public page (React Router `meta`): its title, its own description and its
 * canonical link. A page whose loader failed is not indexed.
 */
export function pageMeta(args: MetaArgsLike, page: PageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title ? `${page.title} - ${PLATFORM_NAME}` : PLATFORM_NAME },
    {
      name: 'description',
      content: clip(page.description?.trim() || SITE_DESCRIPTION),
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
  ]
}
