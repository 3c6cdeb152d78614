import { type Result } from 'lighthouse'

export type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcpMs: number
  cls: number
  tbtMs: number
  scriptRequests: number
  scriptKb: number
  totalKb: number
}

function score(lhr: Result, category: string) {
  return Math.round((lhr.categories[category]?.score ?? 0) * 100)
}

function numeric(lhr: Result, audit: string) {
  return lhr.audits[audit]?.numericValue ?? Number.NaN
}

type ResourceRow = {
  resourceType: string
  requestCount: number
  transferSize: number
}

export function figures(lhr: Result): Figures {
  const details = lhr.audits['resource-summary']?.details as
    { items: ResourceRow[] } | undefined
  const row = (type: string) =>
    details?.items.find((item) => item.resourceType === type)
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    scriptRequests: row('script')?.requestCount ?? 0,
    scriptKb: (row('script')?.transferSize ?? 0) / 1024,
    totalKb: (row('total')?.transferSize ?? 0) / 1024,
  }
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : (sorted[middle - 1]! + sorted[middle]!) / 2
}
