import { z } from 'zod'

import {
  type AlertFilters,
  DEFAULT_ALERT_CATEGORY,
} from '#common/alert-filters.ts'
import {
  ALERT_EMAIL_MAX,
  ALERT_FREQUENCY_KEYS,
  ALERT_MESSAGES,
  ALERT_SCOPES,
  ALERT_TOKEN_PATTERN,
} from '#common/constants/alerts.ts'
import {
  NEWS_CATEGORIES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'
import { cutSearchKeyword, SEARCH_TYPE_KEYS } from '#common/constants/search.ts'
import { REGIONS, TRADE_CATEGORIES } from '#common/constants/trade.ts'

const field = (max: number) =>
  z.string(ALERT_MESSAGES.badFilters).max(max).default('')

const TRADE_CHOICES = new Map<string, readonly string[]>(
  TRADE_CATEGORIES.flatMap((category) => [
    [String(category.value), category.stages],
    ...category.subTypes.map(
      (sub) => [String(sub.value), category.stages] as const,
    ),
  ]),
)
const REGION_CODES = new Set<string>(REGIONS.map((r) => r.value))

/**
 * Runs of white space in the keyword are made one (the same search however typed). A value the
 * page would never send (an unknown category, a stage outside the tab set) is refused.
 */
export const AlertFiltersSchema = z
  .object({
    scope: z.enum(ALERT_SCOPES, ALERT_MESSAGES.badFilters),
    keyword: z
      .string(ALERT_MESSAGES.badFilters)
      .max(1000)
      .default('')
      .transform((text) => cutSearchKeyword(text.replace(/\s+/g, ' '))),
    type: field(20),
    category: field(20),
    region: field(10),
    stage: field(40),
  })
  .transform((raw, context): AlertFilters => {
    const filters: AlertFilters = {
      scope: raw.scope,
      keyword: raw.keyword,
      type: '',
      category: '',
      region: '',
      stage: '',
    }
    const refuse = (
      path: string,
      message: string = ALERT_MESSAGES.badFilters,
    ) => {
      context.addIssue({ code: 'custom', path: [path], message })
      return z.NEVER
    }
    switch (raw.scope) {
      case 'search':
        if (!raw.keyword) return refuse('keyword', ALERT_MESSAGES.noKeyword)
        if (raw.type && !(SEARCH_TYPE_KEYS as string[]).includes(raw.type))
          return refuse('type')
        filters.type = raw.type
        break
      case 'news':
      case 'policies': {
        const categories =
          raw.scope === 'news' ? NEWS_CATEGORIES : POLICY_CATEGORIES
        const category = raw.category || DEFAULT_ALERT_CATEGORY[raw.scope]!
        if (!categories.some((c) => c.key === category))
          return refuse('category')
        filters.category = category
        break
      }
      case 'business': {
        const stages = TRADE_CHOICES.get(raw.category)
        if (raw.category && !stages) return refuse('category')
        if (raw.region && !REGION_CODES.has(raw.region)) return refuse('region')
        if (raw.stage && !stages?.includes(raw.stage)) return refuse('stage')
        Object.assign(filters, {
          category: raw.category,
          region: raw.region,
          stage: raw.stage,
        })
        break
      }
    }
    return filters
  })

/** An address as it is kept: trimmed and in lower case, so one mailbox is one subscriber. */
export const AlertEmailSchema = z
  .string(ALERT_MESSAGES.badEmail)
  .trim()
  .max(ALERT_EMAIL_MAX, ALERT_MESSAGES.badEmail)
  .toLowerCase()
  .pipe(z.email(ALERT_MESSAGES.badEmail))

/** POST /alerts/subscribe: urlencoded without scripts, JSON with them. */
export const AlertSubscribeBodySchema = z
  .object({
    email: AlertEmailSchema,
    frequency: z.enum(ALERT_FREQUENCY_KEYS, ALERT_MESSAGES.badFrequency),
    scope: z.string().max(20).default(''),
    keyword: z.string().max(1000).default(''),
    type: z.string().max(20).default(''),
    category: z.string().max(20).default(''),
    region: z.string().max(10).default(''),
    stage: z.string().max(40).default(''),
  })
  .transform(({ email, frequency, ...rest }, context) => {
    const parsed = AlertFiltersSchema.safeParse(rest)
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        context.addIssue({
          code: 'custom',
          path: issue.path,
          message: issue.message,
        })
      return z.NEVER
    }
    return { email, frequency, filters: parsed.data }
  })

export const AlertTokenSchema = z
  .string(ALERT_MESSAGES.brokenLink)
  .regex(ALERT_TOKEN_PATTERN, ALERT_MESSAGES.brokenLink)

/**
 * POST /alerts/confirm and /alerts/unsubscribe: the token from the page's form, or in the
 * query of the List-Unsubscribe address with `List-Unsubscribe=One-Click` (RFC 8058).
 */
export const AlertLinkBodySchema = z
  .object({
    token: z.string().max(200).optional(),
    'List-Unsubscribe': z.string().max(40).optional(),
  })
  .optional()
export const AlertLinkQuerySchema = z.object({
  token: z.string().max(200).optional(),
})

export const AlertAnswerSchema = z.object({ message: z.string() })
