import { href } from 'react-router'
import { z } from 'zod'

import type { DayRange } from '#app/components/ui/date-range-picker.tsx'
import type { TimeFilter } from '#app/components/ui/time-range-filter.tsx'
import {
  REGIONS,
  TRADE_MODES,
  TRADE_STAGE_KEYS,
  tradeCategory,
} from '#common/constants/trade.ts'
import {
  PAGE_SIZE,
  TIME_PRESETS,
  type TimePresetKey,
} from '#common/constants/ui.ts'
import { presetRange } from '#common/date-range.ts'
import {
  DateTextSchema,
  type ProjectPageQuery,
} from '#common/schemas/project.ts'

const timeKeys = TIME_PRESETS.map((t) => t.key) as [string, ...string[]]
const regionCodes = REGIONS.map((r) => r.value) as [string, ...string[]]

/** The category of a cascader value: a category (1-7) or a sub-type (category × 100 + n). */
function categoryOf(value: string) {
  if (!/^\d{1,3}$/.test(value)) return undefined
  const n = Number(value)
  return tradeCategory(n >= 100 ? Math.floor(n / 100) : n)
}
const categoryParam = z
  .string()
  .refine((value) => categoryOf(value) !== undefined)

/**
 * The project list's filters as they stand in the URL, so a filtered list can be shared and
 * survives a reload. A malformed value falls back to "no filter" rather than failing the page.
 */
export const ProjectListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  keyword: z.string().trim().max(100).catch(''),
  category: categoryParam.catch(''),
  region: z.enum(regionCodes).or(z.literal('')).catch(''),
  stage: z.enum(TRADE_STAGE_KEYS).or(z.literal('')).catch(''),
  tradeMode: z.enum(TRADE_MODES).or(z.literal('')).catch(''),
  time: z.enum(timeKeys).catch('all'),
  start: DateTextSchema.or(z.literal('')).catch(''),
  end: DateTextSchema.or(z.literal('')).catch(''),
})
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>

const KEYS = Object.keys(
  ProjectListQuerySchema.shape,
) as (keyof ProjectListQuery)[]

export function parseProjectListQuery(
  searchParams: URLSearchParams,
): ProjectListQuery {
  const raw = Object.fromEntries(
    KEYS.map((key) => [key, searchParams.get(key) ?? undefined]),
  )
  const query = ProjectListQuerySchema.parse(raw)
  // A range counts only whole and in order, and a chosen preset wins over it (a form sent
  // without scripts can carry both).
  const hasRange = query.start && query.end && query.start <= query.end
  if (!hasRange || query.time !== 'all') {
    query.start = ''
    query.end = ''
  }
  // The stage filter belongs to a category's tab set: outside it, it is dropped, not an error.
  const stages = categoryOf(query.category)?.stages ?? []
  if (!stages.some((s) => s === query.stage)) query.stage = ''
  return query
}

/** The stage keys the stage filter offers for the chosen category (none without a category). */
export function stagesFor(query: ProjectListQuery) {
  return categoryOf(query.category)?.stages ?? []
}

export function timeFilterOf(query: ProjectListQuery): TimeFilter {
  return query.start && query.end
    ? { range: { start: query.start, end: query.end } }
    : { preset: query.time as TimePresetKey }
}

export function toProjectPageQuery(
  query: ProjectListQuery,
  now = new Date(),
): ProjectPageQuery {
  const n = Number(query.category)
  const range: DayRange | undefined =
    query.start && query.end
      ? { start: query.start, end: query.end }
      : undefined
  const preset = range
    ? undefined
    : presetRange(query.time as TimePresetKey, now)
  return {
    pageNo: query.page,
    pageSize: PAGE_SIZE,
    keyword: query.keyword || undefined,
    category: query.category ? (n >= 100 ? Math.floor(n / 100) : n) : undefined,
    subType: n >= 100 ? n : undefined,
    region: query.region || undefined,
    stage: (query.stage || undefined) as ProjectPageQuery['stage'],
    tradeMode: (query.tradeMode || undefined) as ProjectPageQuery['tradeMode'],
    startTime: range ? `${range.start} 00:00:00` : preset?.startTime,
    endTime: range ? `${range.end} 23:59:59` : preset?.endTime,
  }
}

type Change = Partial<Omit<ProjectListQuery, 'start' | 'end' | 'time'>> & {
  timeFilter?: TimeFilter
}

/** The URL of the list with some filters changed; a filter change starts again at page 1. */
export function projectListHref(query: ProjectListQuery, change: Change) {
  const { timeFilter, ...rest } = change
  const next = { ...query, ...rest }
  if (!('page' in change)) next.page = 1
  if (timeFilter) {
    const isRange = 'range' in timeFilter
    next.time = isRange ? 'all' : timeFilter.preset
    next.start = isRange ? timeFilter.range.start : ''
    next.end = isRange ? timeFilter.range.end : ''
  }
  // A new category keeps the stage only when the category has it too.
  if ('category' in change && next.stage) {
    const stages = categoryOf(next.category)?.stages ?? []
    if (!stages.some((s) => s === next.stage)) next.stage = ''
  }
  const params = new URLSearchParams()
  if (next.keyword) params.set('keyword', next.keyword)
  if (next.category) params.set('category', next.category)
  if (next.stage) params.set('stage', next.stage)
  if (next.region) params.set('region', next.region)
  if (next.tradeMode) params.set('tradeMode', next.tradeMode)
  if (next.time !== 'all') params.set('time', next.time)
  if (next.start && next.end) {
    params.set('start', next.start)
    params.set('end', next.end)
  }
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  const path = href('/business/list')
  return search ? `${path}?${search}` : path
}
