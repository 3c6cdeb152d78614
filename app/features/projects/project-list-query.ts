import { href } from 'react-router'

import type { DayRange } from '#app/components/ui/date-range-picker.tsx'
import { tradeFeed } from '#common/constants/feeds.ts'
import type { TimeFilter } from '#app/components/ui/time-range-filter.tsx'
import {
  PROJECT_SORT_FIELDS,
  type ProjectSortField,
  REGIONS,
  SORT_ORDERS,
  type SortOrder,
  TRADE_MODES,
  TRADE_STAGE_KEYS,
  tradeCategory,
} from '#common/constants/trade.ts'
import {
  PAGE_SIZE,
  SCHEDULE_PRESET_KEYS,
  type SchedulePresetKey,
  TIME_PRESETS,
  type TimePresetKey,
} from '#common/constants/ui.ts'
import { presetRange, scheduleRange } from '#common/date-range.ts'
import type { ProjectPageQuery } from '#common/schemas/project.ts'
import {
  choiceParam,
  dayParam,
  intParam,
  textParam,
} from '#common/url-params.ts'

const timeKeys = TIME_PRESETS.map((t) => t.key)
const regionCodes = REGIONS.map((r) => r.value)

function categoryOf(value: string) {
  if (!/^\d{1,3}$/.test(value)) return undefined
  const n = Number(value)
  return tradeCategory(n >= 100 ? Math.floor(n / 100) : n)
}

// A malformed value falls back to "no filter" rather than failing the page.
export const PROJECT_LIST_PARAMS = [
  'page',
  'keyword',
  'category',
  'region',
  'stage',
  'tradeMode',
  'time',
  'start',
  'end',
  'currentStage',
  'opening',
  'deadline',
  'sort',
  'order',
] as const satisfies readonly (keyof ProjectListQuery)[]

export type ProjectListQuery = {
  page: number
  keyword: string
  category: string
  region: string
  stage: string
  tradeMode: string
  time: string
  start: string
  end: string
  currentStage: string
  opening: SchedulePresetKey | ''
  deadline: SchedulePresetKey | ''
  sort: ProjectSortField
  // Empty: the column's own first direction (SORT_FIRST).
  order: SortOrder | ''
}

const SORT_FIRST: Record<ProjectSortField, SortOrder> = {
  publishTime: 'desc',
  registrationDeadline: 'asc',
  openingTime: 'asc',
  currentStage: 'asc',
}

export function sortOrderOf(query: ProjectListQuery): SortOrder {
  return query.order || SORT_FIRST[query.sort]
}

export function nextSort(
  query: ProjectListQuery,
  field: ProjectSortField,
): { sort: ProjectSortField; order: SortOrder } {
  if (query.sort !== field) return { sort: field, order: SORT_FIRST[field] }
  return { sort: field, order: sortOrderOf(query) === 'asc' ? 'desc' : 'asc' }
}

export function tradeFeedOf(query: Pick<ProjectListQuery, 'category'>) {
  return tradeFeed(categoryOf(query.category)?.value ?? null)
}

export function parseProjectListQuery(
  searchParams: URLSearchParams,
): ProjectListQuery {
  // Only the parameters the page declares it reads can be read.
  const get = (key: (typeof PROJECT_LIST_PARAMS)[number]) =>
    searchParams.get(key)
  const category = get('category') ?? ''
  const query: ProjectListQuery = {
    page: intParam(get('page')),
    keyword: textParam(get('keyword')),
    category: categoryOf(category) ? category : '',
    region: choiceParam(get('region'), regionCodes, ''),
    stage: choiceParam(get('stage'), TRADE_STAGE_KEYS, ''),
    tradeMode: choiceParam(get('tradeMode'), TRADE_MODES, ''),
    time: choiceParam(get('time'), timeKeys, 'all'),
    start: dayParam(get('start')),
    end: dayParam(get('end')),
    currentStage: choiceParam(get('currentStage'), TRADE_STAGE_KEYS, ''),
    opening: choiceParam(get('opening'), SCHEDULE_PRESET_KEYS, ''),
    deadline: choiceParam(get('deadline'), SCHEDULE_PRESET_KEYS, ''),
    sort: choiceParam(get('sort'), PROJECT_SORT_FIELDS, 'publishTime'),
    order: choiceParam(get('order'), SORT_ORDERS, ''),
  }
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
  // The current stage may be chosen without a category, but not outside the chosen one.
  if (query.category && !stages.some((s) => s === query.currentStage))
    query.currentStage = ''
  // The column's own first direction stands in the URL as no order at all.
  if (query.order === SORT_FIRST[query.sort]) query.order = ''
  return query
}

export function stagesFor(query: ProjectListQuery) {
  return categoryOf(query.category)?.stages ?? []
}

export function currentStagesFor(query: ProjectListQuery) {
  return query.category ? stagesFor(query) : TRADE_STAGE_KEYS
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
  const opening = query.opening ? scheduleRange(query.opening, now) : undefined
  const deadline = query.deadline
    ? scheduleRange(query.deadline, now)
    : undefined
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
    currentStage: (query.currentStage ||
      undefined) as ProjectPageQuery['currentStage'],
    openingStart: opening?.startTime,
    openingEnd: opening?.endTime,
    registrationStart: deadline?.startTime,
    registrationEnd: deadline?.endTime,
    sort: query.sort,
    order: sortOrderOf(query),
  }
}

type Change = Partial<Omit<ProjectListQuery, 'start' | 'end' | 'time'>> & {
  timeFilter?: TimeFilter
}

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
  // A new category keeps the stages only when the category has them too.
  if ('category' in change) {
    const stages = categoryOf(next.category)?.stages ?? []
    if (!stages.some((s) => s === next.stage)) next.stage = ''
    if (next.category && !stages.some((s) => s === next.currentStage))
      next.currentStage = ''
  }
  if (next.order === SORT_FIRST[next.sort]) next.order = ''
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
  if (next.currentStage) params.set('currentStage', next.currentStage)
  if (next.opening) params.set('opening', next.opening)
  if (next.deadline) params.set('deadline', next.deadline)
  if (next.sort !== 'publishTime') params.set('sort', next.sort)
  if (next.order) params.set('order', next.order)
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  const path = href('/business/list')
  return search ? `${path}?${search}` : path
}

const SCHEDULE_WORDS = { today: '今日', week: '本周', '30d': '30天内' } as const

// A bidder who asked for today's openings learns there are none today, rather than that the
// filters match nothing.
export function emptyTextOf(query: ProjectListQuery): string {
  const onlySchedule =
    !query.keyword &&
    !query.category &&
    !query.region &&
    !query.stage &&
    !query.tradeMode &&
    !query.currentStage &&
    query.time === 'all' &&
    !query.start
  if (onlySchedule && query.opening && !query.deadline)
    return `${SCHEDULE_WORDS[query.opening]}无开标项目`
  if (onlySchedule && query.deadline && !query.opening)
    return `${SCHEDULE_WORDS[query.deadline]}无报名截止项目`
  return '暂无符合条件的项目，请调整查询条件后重试'
}
