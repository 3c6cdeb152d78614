import { type Result } from 'lighthouse'

export function cspEvalReports(lhr: Result): string[] {
  const reports: string[] = []
  const consoleItems =
    (
      lhr.audits['errors-in-console']?.details as
        { items?: { description?: string }[] } | undefined
    )?.items ?? []
  for (const item of consoleItems)
    if (/unsafe-eval|evaluate a string/i.test(item.description ?? ''))
      reports.push(item.description!)
  const issues = JSON.stringify(lhr.audits['inspector-issues']?.details ?? {})
  if (/kEvalViolation|unsafe-eval/.test(issues))
    reports.push('inspector issue: CSP eval violation')
  return reports
}

function detailRows(details: unknown): Record<string, unknown>[] {
  const items = (details as { items?: unknown } | undefined)?.items
  if (!Array.isArray(items)) return []
  return (items as Record<string, unknown>[]).flatMap((item) =>
    Array.isArray(item.items) ? detailRows(item) : [item],
  )
}

function auditTargets(audit: Result['audits'][string]): string[] {
  const items = detailRows(audit.details)
  const targets = items.map((item) => {
    const node = item.node as
      { selector?: string; snippet?: string } | undefined
    const url = typeof item.url === 'string' ? item.url : undefined
    const source = item.source as { url?: string } | undefined
    const where =
      (typeof item.issueType === 'string' ? item.issueType : undefined) ??
      url ??
      source?.url ??
      node?.selector ??
      (typeof item.description === 'string' ? item.description : '')
    const wasted =
      typeof item.wastedBytes === 'number'
        ? ` (${(item.wastedBytes / 1024).toFixed(0)} KB unused)`
        : typeof item.wastedMs === 'number'
          ? ` (${item.wastedMs.toFixed(0)} ms)`
          : ''
    return `${where.replace(/^https?:\/\/[^/]+/, '').slice(0, 120)}${wasted}`
  })
  return targets.filter((target) => target.trim() !== '').slice(0, 4)
}

export function failingAudits(
  lhr: Result,
): { title: string; targets: string[] }[] {
  const failing: { title: string; targets: string[] }[] = []
  for (const categoryId of [
    'performance',
    'accessibility',
    'best-practices',
    'seo',
  ]) {
    const category = lhr.categories[categoryId]
    if (!category) continue
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id]
      if (!audit || audit.score === null || audit.score >= 0.9) continue
      if (
        !['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)
      )
        continue
      // The metrics are in the table already.
      if (ref.group === 'metrics') continue
      const value = audit.displayValue ? ` — ${audit.displayValue}` : ''
      failing.push({
        title: `[${categoryId}] ${audit.id}: ${audit.title}${value}`,
        targets: auditTargets(audit),
      })
    }
  }
  return failing
}
