import type { AlertFilters } from '#common/alert-filters.ts'
import type { AlertScope } from '#common/constants/alerts.ts'
import {
  NEWS_CATEGORIES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'

/** A public item just published, as the search index and its project describe it. */
export type NewItem = {
  /** Its entry in the search index. */
  entryId: number
  /** search_document.type: article, policy, download, project, announcement. */
  type: string
  refId: number
  projectId: number | null
  stage: string | null
  categoryId: number | null
  publishTime: string
  /** An announcement's project: where it stands in the trade list's filters. */
  project: {
    category: number
    subType: number
    regionCode: string
    /** The project's own entry in the index (its name, number, parties). */
    entryId: number | null
  } | null
}

const codesOf = (ctype: string | undefined) =>
  (ctype ?? '').split(',').map(Number)

/**
 * Whether an item is one the saved search's page lists, the keyword aside: the site search
 * lists every type (or the one chosen); a news or policy list its category's articles; the
 * trade list the announcements of the projects of its category or sub-type and region, of
 * its stage when one is chosen (a stage announcement is what is new in that list).
 */
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

/**
 * The index entries a keyword may be found in for this item: its own; for an announcement in
 * the trade list also its project's, as the list's keyword finds a project by its name,
 * number or tenderer as well as by the announcement's title.
 */
export function keywordEntriesOf(
  filters: AlertFilters,
  item: NewItem,
): number[] {
  const own = [item.entryId]
  if (filters.scope === 'business' && item.project?.entryId)
    own.push(item.project.entryId)
  return own
}

/** The public page of an item, as the search results link it. */
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

/** The one text that tells two saved searches apart (alert_subscription.filter_key). */
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

/** A saved search as its row keeps it (alert_subscription). */
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
