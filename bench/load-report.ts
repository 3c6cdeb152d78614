import {
  type Figures,
  type LoadSettings,
  WARM_UP_SECONDS,
} from './load-runs.ts'
import { type Workload } from './load-workloads.ts'

// bench/README.md
export const BUDGET = {
  pageP99Ms: 100,
  searchP99Ms: 250,
  peakRssMb: 300,
  gcShare: 0.1,
  growth: 1.5,
}

export type Row = {
  workload: Workload
  portal: Figures
  baseline: Figures
  pool: number
  peakMb: number
  gc: number | null
}

const fixed = (n: number, digits = 0) => n.toFixed(digits)
const percent = (share: number | null) =>
  share === null ? '–' : `${(share * 100).toFixed(1)} %`

export function line(row: Row) {
  const { workload, portal, baseline } = row
  const ratio = baseline.rps > 0 ? portal.rps / baseline.rps : NaN
  const p99Budget =
    workload.kind === 'search' ? BUDGET.searchP99Ms : BUDGET.pageP99Ms
  const failures: string[] = []
  if (workload.minRatio !== undefined && !(ratio >= workload.minRatio))
    failures.push(`ratio ${ratio.toFixed(2)} (≥ ${workload.minRatio})`)
  if (!(portal.p99 < p99Budget))
    failures.push(`p99 ${portal.p99} ms (< ${p99Budget})`)
  if (portal.errors > 0) failures.push(`${portal.errors} errors`)
  if (portal.serverErrors > 0) failures.push(`${portal.serverErrors} 5xx`)
  if (row.gc !== null && row.gc >= BUDGET.gcShare)
    failures.push(`GC ${percent(row.gc)} of CPU (< ${BUDGET.gcShare * 100} %)`)
  if (row.gc === null) failures.push('GC share not measured')
  const repeats = row.pool > 0 ? Math.max(0, portal.sent - row.pool) : 0
  // Sent again, a page may come from a cache: the figures no longer measure distinct visitors.
  if (repeats > 0)
    failures.push(
      `its ${row.pool} distinct requests ran out, ${repeats} were sent again`,
    )
  const budget = [
    workload.minRatio !== undefined ? `≥ ${workload.minRatio}×` : '',
    `p99 < ${p99Budget}`,
  ]
    .filter(Boolean)
    .join(', ')
  const text = `| ${workload.name} | ${fixed(portal.rps)} | ${portal.p50} | ${portal.p99} | ${portal.errors} | ${portal.serverErrors} | ${fixed(row.peakMb)} | ${percent(row.gc)} | ${row.pool > 0 ? `${row.pool}${repeats > 0 ? ` (${repeats} sent again)` : ''}` : 'fixed'} | ${fixed(baseline.rps)} | ${baseline.p50} | ${baseline.p99} | ${baseline.errors} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '–'} | ${budget} ${failures.length === 0 ? 'ok' : 'FAIL'} |`
  return {
    text,
    failures: failures.map((f) => `${workload.name}: ${f}`),
  }
}

export function printSize(
  size: number,
  projects: number,
  rows: Row[],
  peak: number,
  startPeak: number,
  settings: LoadSettings,
) {
  console.log(
    `\n${size} articles, ${projects} projects; ${settings.connections} connections, ${WARM_UP_SECONDS} s warm-up, ${settings.duration} s measured\n`,
  )
  console.log(
    '| workload | req/s | p50 ms | p99 ms | errors | 5xx | peak RSS MB | GC % CPU | distinct requests | baseline req/s | baseline p50 | baseline p99 | baseline errors | ratio | budget |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(line(row).text)
  console.log(
    `\nportal peak RSS (VmHWM of a fresh process; ${fixed(startPeak)} MB at start, then per workload as above): ${fixed(peak)} MB (budget ≤ ${BUDGET.peakRssMb} MB) ${peak <= BUDGET.peakRssMb ? 'ok' : 'FAIL'}`,
  )
}
