import type { AlertFilters } from '#common/alert-filters.ts'
import type { AlertScope } from '#common/constants/alerts.ts'
import {
  NEWS_CATEGORIES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'

export type NewItem = {
  entryId: number
  type: string
  refId: number
  projectId: number | null
  stage: string | null
  categoryId: number | null
  publishTime: string
  project: {
    category: number
    subType: number
    regionCode: string
    entryId: number | null
  } | null
}

const codesOf = (ctype: string | undefined) =>
  (ctype ?? '').split(',').map(Number)

export function fitsFilters(filters: AlertFilters, item: NewItem): boolean {
  switch (filters.scope) {
    case 'search':
      return !filters.type || item.type === filters.type
    case 'news':
    case 'policies': {
      const categories =
        filters.scope === 'news' ? NEWS_CATEGORIES : POLICY_CATEGORIES
      const ctype = categories.find((c) => c.key === filters.category)?.ctype
      return (
        item.type === (filters.scope === 'news' ? 'article' : 'policy') &&
        item.categoryId !== null &&
        codesOf(ctype).includes(item.categoryId)
      )
    }
    case 'business': {
      const project = item.project
      if (item.type !== 'announcement' || !project) return false
      const n = Number(filters.category)
      if (
        filters.category &&
        (n < 100 ? project.category : project.subType) !== n
      )
        return false
      if (filters.region && project.regionCode !== filters.region) return false
      return !filters.stage || item.stage === filters.stage
    }
  }
}

// For an announcement also its project's: the trade list's keyword finds a project by its name,
// number or tenderer as well as by the announcement's title.
export function keywordEntriesOf(
  filters: AlertFilters,
  item: NewItem,
): number[] {
  const own = [item.entryId]
  if (filters.scope === 'business' && item.project?.entryId)
    own.push(item.project.entryId)
  return own
}

export function itemPath(item: {
  type: string
  refId: number
  projectId: number | null
  stage: string | null
}): string {
  switch (item.type) {
    case 'policy':
      return `/policies/detail?id=${item.refId}`
    case 'download':
      return `/download/detail?id=${item.refId}`
    case 'project':
      return `/business/detail?id=${item.refId}`
    case 'announcement': {
      const params = new URLSearchParams({ id: String(item.projectId ?? '') })
      if (item.stage) params.set('stage', item.stage)
      return `/business/detail?${params.toString()}`
    }
    default:
      return `/index/newDetail?id=${item.refId}`
  }
}

export function filterKeyOf(filters: AlertFilters): string {
  return [
    filters.scope,
    filters.type,
    filters.category,
    filters.region,
    filters.stage,
    filters.keyword,
  ].join('|')
}

export const filtersOfRow = (row: {
  scope: string
  keyword: string
  searchType: string
  category: string
  region: string
  stage: string
}): AlertFilters => ({
  scope: row.scope as AlertScope,
  keyword: row.keyword,
  type: row.searchType,
  category: row.category,
  region: row.region,
  stage: row.stage,
})
