import { PAGE_SIZE } from '#common/constants/ui.ts'

type PageRange = {
  pageCount: number
  isPastEnd: boolean
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
