import {
  ALERT_SCOPE_LABELS,
  type AlertScope,
} from '#common/constants/alerts.ts'
import {
  NEWS_CATEGORIES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'
import { SEARCH_TYPES } from '#common/constants/search.ts'
import {
  REGIONS,
  TRADE_CATEGORIES,
  TRADE_STAGES,
} from '#common/constants/trade.ts'

/**
 * A saved search: each scope uses its own filters and leaves the others empty. Time filters are
 * not saved: an alert is about what is published from now on.
 */
export type AlertFilters = {
  scope: AlertScope
  keyword: string
  /** A SEARCH_TYPES key, or '' for every type (the site search). */
  type: string
  /** A NEWS_CATEGORIES or POLICY_CATEGORIES key; a trade category (1-7) or sub-type (101…). */
  category: string
  /** A REGIONS code (the trade list). */
  region: string
  /** A TRADE_STAGES key within the category's tab set (the trade list). */
  stage: string
}

export const ALERT_FILTER_FIELDS = [
  'scope',
  'keyword',
  'type',
  'category',
  'region',
  'stage',
] as const satisfies readonly (keyof AlertFilters)[]

export const DEFAULT_ALERT_CATEGORY: Partial<Record<AlertScope, string>> = {
  news: 'all',
  policies: 'national',
}

function tradeCategoryText(value: string): string | undefined {
  const n = Number(value)
  const category = TRADE_CATEGORIES.find(
    (c) => c.value === (n >= 100 ? Math.floor(n / 100) : n),
  )
  if (!category) return undefined
  if (n < 100) return category.label
  const sub = category.subTypes.find((s) => s.value === n)
  return sub ? `${category.label}／${sub.label}` : undefined
}

const ANY = '不限'

export function describeAlertFilters(
  filters: AlertFilters,
): { label: string; value: string }[] {
  const keyword = { label: '关键字', value: filters.keyword || ANY }
  const source = { label: '信息范围', value: ALERT_SCOPE_LABELS[filters.scope] }
  switch (filters.scope) {
    case 'search':
      return [
        source,
        keyword,
        {
          label: '信息类别',
          value:
            SEARCH_TYPES.find((t) => t.key === filters.type)?.label ?? '全部',
        },
      ]
    case 'news':
    case 'policies': {
      const categories =
        filters.scope === 'news' ? NEWS_CATEGORIES : POLICY_CATEGORIES
      const category = categories.find((c) => c.key === filters.category)
      return [source, { label: '栏目', value: category?.label ?? ANY }, keyword]
    }
    case 'business':
      return [
        source,
        {
          label: '交易类别',
          value: tradeCategoryText(filters.category) ?? ANY,
        },
        {
          label: '地区',
          value: REGIONS.find((r) => r.value === filters.region)?.label ?? ANY,
        },
        {
          label: '交易阶段',
          value:
            TRADE_STAGES[filters.stage as keyof typeof TRADE_STAGES] ?? ANY,
        },
        keyword,
      ]
  }
}

function alertFilterParams(filters: AlertFilters): URLSearchParams {
  const params = new URLSearchParams()
  for (const field of ALERT_FILTER_FIELDS)
    if (filters[field]) params.set(field, filters[field])
  return params
}

/** The subscription page for these filters: where 订阅提醒 leads without scripts. */
export function alertSubscribeHref(filters: AlertFilters): string {
  return `/alerts/subscribe?${alertFilterParams(filters).toString()}`
}

export function alertListPath(filters: AlertFilters): string {
  const params = new URLSearchParams()
  if (filters.keyword) params.set('keyword', filters.keyword)
  let path: string
  switch (filters.scope) {
    case 'search':
      path = '/search'
      if (filters.type) params.set('type', filters.type)
      break
    case 'news':
    case 'policies':
      path = filters.scope === 'news' ? '/index/newList' : '/policies/list'
      if (filters.category !== DEFAULT_ALERT_CATEGORY[filters.scope])
        params.set('category', filters.category)
      break
    case 'business':
      path = '/business/list'
      if (filters.category) params.set('category', filters.category)
      if (filters.stage) params.set('stage', filters.stage)
      if (filters.region) params.set('region', filters.region)
      break
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}
