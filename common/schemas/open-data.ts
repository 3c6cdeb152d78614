import { z } from 'zod'

import { FEED_FORMATS, type FeedFormat } from '#common/constants/feeds.ts'

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

export const SitemapChildFileSchema = z
  .string()
  .max(64)
  .regex(/^[a-z]+(?:-[a-z]+)*-(?:0|[1-9]\d{0,8})\.xml$/)
  .transform((file) => {
    const match = /^(.+)-(\d+)\.xml$/.exec(file)!
    return { kind: match[1]!, n: Number(match[2]) }
  })
