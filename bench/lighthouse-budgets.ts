import { type Figures } from './lighthouse-figures.ts'

// Lighthouse's is-crawlable audit fails any page that says noindex, so a page that must say it (a
// keyword search: docs/decisions/0057-elder-friendly-mode.md) is checked here instead. It fails
// a page robots.txt keeps crawlers from too: the complaint forms, which hold nothing to index
// (server/open-data's robots.txt, tested there).
export type Budget = {
  minPerformance: number
  isNoindex?: boolean
  isDisallowedToCrawlers?: boolean
}
export const PAGES: { path: string; budget: Budget }[] = [
  { path: '/', budget: { minPerformance: 95 } },
  { path: '/index/newList', budget: { minPerformance: 95 } },
  { path: '/index/newDetail?id={article}', budget: { minPerformance: 95 } },
  { path: '/business/list', budget: { minPerformance: 95 } },
  {
    path: '/search?keyword=水利',
    budget: { minPerformance: 95, isNoindex: true },
  },
  // The charts are drawn on the server; ECharts loads when a pointer enters one (decision 0073).
  { path: '/business/index', budget: { minPerformance: 95 } },
  // The query form: its schemas load with the first check, the client with the first query.
  {
    path: '/complaint/search',
    budget: { minPerformance: 95, isDisallowedToCrawlers: true },
  },
  // The filing form: the editor and the PDF tools load when used, not with the page.
  {
    path: '/complaint/apply',
    budget: { minPerformance: 80, isDisallowedToCrawlers: true },
  },
]
const MAX_LCP_MS = 2000
const MAX_SCRIPT_KB = 200
const MIN_ACCESSIBILITY = 100
const MIN_BEST_PRACTICES = 100
const MIN_SEO = 100

export function missedBudgets(
  m: Figures,
  budget: Budget,
  {
    saysNoindex,
    hasEvalReports,
  }: { saysNoindex: boolean; hasEvalReports: boolean },
): string[] {
  const missed: string[] = []
  if (m.performance < budget.minPerformance)
    missed.push(`performance ${m.performance} < ${budget.minPerformance}`)
  if (m.accessibility < MIN_ACCESSIBILITY)
    missed.push(`accessibility ${m.accessibility} < ${MIN_ACCESSIBILITY}`)
  if (m.bestPractices < MIN_BEST_PRACTICES)
    missed.push(`best practices ${m.bestPractices} < ${MIN_BEST_PRACTICES}`)
  if (m.seo < MIN_SEO) missed.push(`SEO ${m.seo} < ${MIN_SEO}`)
  if (budget.isNoindex && !saysNoindex)
    missed.push('no <meta name="robots" content="noindex">')
  if (m.lcpMs > MAX_LCP_MS)
    missed.push(`LCP ${(m.lcpMs / 1000).toFixed(2)} s > ${MAX_LCP_MS / 1000} s`)
  if (m.cls > 0) missed.push(`CLS ${m.cls.toFixed(3)} > 0`)
  if (m.scriptKb > MAX_SCRIPT_KB)
    missed.push(`scripts ${m.scriptKb.toFixed(0)} KB > ${MAX_SCRIPT_KB} KB`)
  if (hasEvalReports) missed.push('an eval blocked by the CSP')
  return missed
}
