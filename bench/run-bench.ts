import { type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import Database from 'better-sqlite3'

import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

import { exited, runNode, stop, waitFor } from './bench-processes.ts'
import { BUDGET, line, printSize, type Row } from './load-report.ts'
import { type LoadSettings, measure, type Target } from './load-runs.ts'
import { createWorkloads, type Workload } from './load-workloads.ts'
import {
  gcShare,
  peakRssMb,
  resetPeakRss,
  sampleProcess,
} from './process-stats.ts'
import { createRequestPools } from './request-pools.ts'

// Budgets in bench/README.md; exit 1 when one is missed.
//   node bench/run-bench.ts [--articles 100000] [--projects 10000] [--duration 10]
//     [--connections 50] [--sizes 10000,100000]
// --projects is the number of projects at --articles articles; other sizes get as many per
// article. --sizes defaults to a tenth of --articles and --articles.
const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    projects: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    sizes: { type: 'string' },
  },
})
const settings: LoadSettings = {
  duration: Number(args.duration),
  connections: Number(args.connections),
}
const articles = Number(args.articles)
const sizes = (args.sizes ?? `${Math.round(articles / 10)},${articles}`)
  .split(',')
  .map(Number)
  .sort((a, b) => a - b)
const projectsAt = (size: number) =>
  Math.round((Number(args.projects) * size) / articles)
const PORTAL = 'http://127.0.0.1:3901'
const BASELINE = 'http://127.0.0.1:3902'

type Servers = {
  portal: ChildProcess
  baseline: ChildProcess
  staffApiToken: string
}

async function measureWorkload(
  workload: Workload,
  { portal, baseline, staffApiToken }: Servers,
): Promise<Row> {
  const metricsUrl = `${PORTAL}/metrics`
  for (const [name, child] of [
    ['portal', portal],
    ['baseline', baseline],
  ] as const)
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the ${name} process ended (exit code ${child.exitCode}, signal ${child.signalCode}) before ${workload.name}`,
      )
  const made = await workload.requests()
  const pairs = Array.isArray(made) ? made : [made]
  const target = (
    side: 'portal' | 'baseline',
    base: string,
    pid: number,
  ): Target =>
    Array.isArray(made)
      ? { base, pid, pool: pairs.map((pair) => pair[side]) }
      : { base, pid, fixed: made[side] }
  await resetPeakRss(portal.pid!)
  let before = await sampleProcess(portal.pid!, metricsUrl, staffApiToken)
  let gc: number | null = null
  const ours = await measure(target('portal', PORTAL, portal.pid!), settings, {
    before: async () => {
      before = await sampleProcess(portal.pid!, metricsUrl, staffApiToken)
    },
    after: async () => {
      const after = await sampleProcess(portal.pid!, metricsUrl, staffApiToken)
      gc = gcShare(before, after)
    },
  })
  const peakMb = await peakRssMb(portal.pid!)
  const base = await measure(
    target('baseline', BASELINE, baseline.pid!),
    settings,
  )
  return {
    workload,
    portal: ours,
    baseline: base,
    pool: Array.isArray(made) ? pairs.length : 0,
    peakMb,
    gc,
  }
}

async function benchSize(
  size: number,
): Promise<{ rows: Row[]; failures: string[] }> {
  const projects = projectsAt(size)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'))
  const children: ChildProcess[] = []
  try {
    const startPortal = async () => {
      const child = runNode([...SERVER_NODE_FLAGS, 'build/portal/main.js'], {
        ...SERVER_ENV,
        NODE_ENV: 'production',
        PORT: '3901',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      })
      children.push(child)
      await waitFor(`${PORTAL}/healthz`)
      return child
    }
    // A first start creates and seeds the database; the generated content goes in beside the
    // demo content. The measured process is a fresh start: a serving portal, not a seeding one.
    await stop(await startPortal())
    console.log(
      `\n== ${size} articles, ${projects} projects: generating (${dataDir})`,
    )
    const generator = runNode(
      [
        'bench/generate-articles.ts',
        '--count',
        String(size),
        '--projects',
        String(projects),
        '--data-dir',
        dataDir,
      ],
      { DATABASE_URL: '' },
    )
    if ((await exited(generator)) !== 0) throw new Error('generator failed')

    const portal = await startPortal()
    const baseline = runNode(
      ['bench/baseline-server.ts', path.join(dataDir, 'portal.db'), '3902'],
      {},
    )
    children.push(baseline)
    await waitFor(`${BASELINE}/baseline/json`)

    const secrets = JSON.parse(
      await readFile(path.join(dataDir, 'secrets.json'), 'utf8'),
    ) as { portalApiSecret: string; staffApiToken: string }
    const db = new Database(path.join(dataDir, 'portal.db'), {
      readonly: true,
    })
    const pools = createRequestPools(db, size)
    const firstPage = (await (
      await fetch(`${BASELINE}/baseline/json`)
    ).json()) as { Table: { id: number }[] }
    const articleId = firstPage.Table[0]!.id
    const workloads = createWorkloads(pools, secrets.portalApiSecret, articleId)

    const rows: Row[] = []
    // The start's own peak (migrations, the search index check), before the first reset.
    const startPeak = await peakRssMb(portal.pid!)
    for (const workload of workloads) {
      const row = await measureWorkload(workload, {
        portal,
        baseline,
        staffApiToken: secrets.staffApiToken,
      })
      rows.push(row)
      console.log(`  ${line(row).text}`)
    }
    db.close()

    const failures = rows.flatMap((row) => line(row).failures)
    const peak = Math.max(startPeak, ...rows.map((row) => row.peakMb))
    if (peak > BUDGET.peakRssMb)
      failures.push(`peak RSS ${peak.toFixed(0)} MB (≤ ${BUDGET.peakRssMb})`)
    printSize(size, projects, rows, peak, startPeak, settings)
    return { rows, failures: failures.map((f) => `${size} articles: ${f}`) }
  } finally {
    for (const child of children) child.kill('SIGTERM')
    await Promise.all(children.map(exited))
    await rm(dataDir, { recursive: true, force: true })
  }
}

const failures: string[] = []
const bySize = new Map<number, Row[]>()
for (const size of sizes) {
  try {
    const result = await benchSize(size)
    bySize.set(size, result.rows)
    failures.push(...result.failures)
  } catch (error) {
    console.log(`\n${size} articles: not measured: ${String(error)}`)
    failures.push(`${size} articles: not measured: ${String(error)}`)
  }
}

const [small, large] = [sizes[0]!, sizes.at(-1)!]
if (sizes.length > 1 && bySize.has(small) && bySize.has(large)) {
  console.log(
    `\nLatency at ${large} against ${small} articles (budget: at most ${BUDGET.growth}× each)\n`,
  )
  console.log(
    `| workload | p50 ms at ${small} | p50 ms at ${large} | p50 ratio | p99 ms at ${small} | p99 ms at ${large} | p99 ratio | budget |`,
  )
  console.log('|---|---|---|---|---|---|---|---|')
  const smallRows = bySize.get(small)!
  for (const row of bySize.get(large)!) {
    if (!row.workload.compareSizes) continue
    const before = smallRows.find((r) => r.workload.name === row.workload.name)!
    const p50 = row.portal.p50 / Math.max(before.portal.p50, 1)
    const p99 = row.portal.p99 / Math.max(before.portal.p99, 1)
    const isOk = p50 <= BUDGET.growth && p99 <= BUDGET.growth
    if (!isOk)
      failures.push(
        `${row.workload.name}: ${large} against ${small} articles, p50 ${p50.toFixed(2)}×, p99 ${p99.toFixed(2)}× (≤ ${BUDGET.growth}×)`,
      )
    console.log(
      `| ${row.workload.name} | ${before.portal.p50} | ${row.portal.p50} | ${p50.toFixed(2)}× | ${before.portal.p99} | ${row.portal.p99} | ${p99.toFixed(2)}× | ≤ ${BUDGET.growth}× ${isOk ? 'ok' : 'FAIL'} |`,
    )
  }
}

if (failures.length > 0) {
  console.log(`\nbudgets missed:\n- ${failures.join('\n- ')}`)
  process.exitCode = 1
} else console.log('\nall budgets met')
