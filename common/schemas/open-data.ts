import { z } from 'zod'

import { FEED_FORMATS, type FeedFormat } from '#common/constants/feeds.ts'

/** `<name>.rss` or `<name>.atom` of /feeds/: a name of lower-case words joined by hyphens. */
export const FeedFileSchema = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:rss|atom)$/)
  .transform((file) => {
    const dot = file.lastIndexOf('.')
    return {
      name: file.slice(0, dot),
      format: file.slice(dot + 1) as FeedFormat,
    }
  })
  .refine((file) => FEED_FORMATS.includes(file.format))

/** `<kind>-<n>.xml` of /sitemaps/: a kind of lower-case words, a child number without zeros in front. */
export const SitemapChildFileSchema = z
  .string()
  .max(64)
  .regex(/^[a-z]+(?:-[a-z]+)*-(?:0|[1-9]\d{0,8})\.xml$/)
  .transform((file) => {
    const match = /^(.+)-(\d+)\.xml$/.exec(file)!
    return { kind: match[1]!, n: Number(match[2]) }
  })
