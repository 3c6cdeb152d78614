import { PAGE_SIZE } from '#common/constants/ui.ts'

/** Where a requested page stands in a list of `total` rows, ten to a page (spec §9). */
type PageRange = {
  pageCount: number
  /** A page after the last one, from an old link or a hand-typed `?page=`. */
  isPastEnd: boolean
  /** Said beside the count: which page of how many, or only how many when past the end. */
  summary: string
}

export function pageRange(page: number, total: number): PageRange {
  const pageCount = Math.ceil(total / PAGE_SIZE)
  const isPastEnd = total > 0 && page > pageCount
  const summary =
    total === 0
      ? ''
      : isPastEnd
        ? `，共 ${pageCount} 页`
        : `，第 ${page} / ${pageCount} 页`
  return { pageCount, isPastEnd, summary }
}
