import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'
import Database from 'better-sqlite3'

import { SERVER_ENV, SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

import {
  cpuSeconds,
  gcShare,
  peakRssMb,
  resetPeakRss,
  sampleProcess,
} from './process-stats.ts'
import {
  type RequestPair,
  type RequestSpec,
  signedRequest,
} from './request-pool-draws.ts'
import { createRequestPools } from './request-pools.ts'

/**
 * Load benchmark of the built portal against minimal baselines (baseline-server.ts), at each
 * size of --sizes, each on a fresh data folder: demo content from a first start, then the
 * generated articles and projects (generate-articles.ts), then a fresh portal process.
 * Workloads where no two visitors ask for the same page (an article by id, list pages over
 * random filters and pages, searches, the signed Portal API with random bodies), then the
 * cached paths (the same URL every request). autocannon, --connections connections, a 2 s
 * warm-up, then --duration seconds. Prints req/s, p50/p99, errors, the portal's peak memory
 * and its garbage collector's share of CPU per workload, the ratio to the baseline doing the
 * same query, and checks the budgets (bench/README.md); exit 1 when one is missed.
 *   node bench/run-bench.ts [--articles 100000] [--projects 10000] [--duration 10]
 *     [--connections 50] [--sizes 10000,100000]
 * --projects is the number of projects at --articles articles; other sizes get as many per
 * article. --sizes defaults to a tenth of --articles and --articles.
 */
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
const root = path.resolve(import.meta.dirname, '..')
const PORTAL = 'http://127.0.0.1:3901'
const BASELINE = 'http://127.0.0.1:3902'
const WARM_UP_SECONDS = 2

/** Budgets (bench/README.md). */
const BUDGET = {
  pageP99Ms: 100,
  searchP99Ms: 250,
  peakRssMb: 300,
  gcShare: 0.1,
  growth: 1.5,
}

function runNode(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

async function stop(child: ChildProcess) {
  child.kill('SIGTERM')
  await exited(child)
}

async function waitFor(url: string) {
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not come up`)
}

type Figures = {
  rps: number
  p50: number
  p99: number
  /** Connection errors, timeouts and every answer that is not 2xx. */
  errors: number
  serverErrors: number
  /** Requests sent, warm-up included. */
  sent: number
}

/** Hands out a pool's requests in order, from the start again when it runs out. */
function cycle(pool: RequestSpec[]) {
  let next = 0
  let sent = 0
  return {
    take(): RequestSpec {
      sent++
      const spec = pool[next]!
      next = (next + 1) % pool.length
      return spec
    },
    get sent() {
      return sent
    },
  }
}

/** Where to load, and the server's process. */
type Target = { base: string; pid: number } & (
  { fixed: RequestSpec } | { pool: RequestSpec[] }
)

/**
 * Waits until the server is idle (under a tenth of a core over a quarter of a second): when
 * autocannon stops, the requests in flight are still worked off (a slow page's queue can take
 * seconds), and that work must not fall into the next run's window.
 */
async function drain(target: Target) {
  const deadline = Date.now() + 300_000
  let last = await cpuSeconds(target.pid)
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250))
    const now = await cpuSeconds(target.pid)
    if (now - last < 0.025) return
    last = now
  }
}

/** How hard and how long a measured run loads its target. */
type LoadSettings = { connections: number; duration: number }

async function load(
  target: Target,
  connections: number,
  seconds: number,
  source: ReturnType<typeof cycle> | null,
) {
  const options = {
    url: target.base,
    connections,
    duration: seconds,
  }
  if (source)
    return autocannon({
      ...options,
      requests: [
        {
          // A request of its own each time: the pool's next, never the one before.
          setupRequest: (request: autocannon.Request): autocannon.Request => {
            const spec = source.take()
            return {
              ...request,
              method: spec.method ?? 'GET',
              path: spec.path,
              headers: { ...request.headers, ...spec.headers },
              body: spec.body,
            }
          },
        },
      ],
    })
  const { fixed } = target as { fixed: RequestSpec }
  return autocannon({
    ...options,
    url: target.base + fixed.path,
    method: fixed.method ?? 'GET',
    headers: fixed.headers,
    body: fixed.body,
  })
}

/**
 * A warm-up, so caches and JIT are in the state of a running portal, then the measured run;
 * from a pool, the measured requests continue where the warm-up stopped. `around` samples the
 * process before and after the measured run.
 */
async function measure(
  target: Target,
  settings: LoadSettings,
  around?: { before: () => Promise<void>; after: () => Promise<void> },
): Promise<Figures> {
  const source = 'pool' in target ? cycle(target.pool) : null
  await load(target, settings.connections, WARM_UP_SECONDS, source)
  await drain(target)
  await around?.before()
  const result = await load(
    target,
    settings.connections,
    settings.duration,
    source,
  )
  // The process's CPU and GC time include the work left queued at the end of the run.
  await drain(target)
  await around?.after()
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverErrors: result['5xx'],
    sent: source?.sent ?? 0,
  }
}

type Workload = {
  name: string
  /** Budget class: the p99 budget of a page or of a search. */
  kind: 'page' | 'search'
  /** The portal's and the baseline's requests: a pool of distinct ones, or one fixed. */
  requests: () =>
    Promise<RequestPair[] | RequestPair> | RequestPair[] | RequestPair
  minRatio?: number
  /** In the final table comparing the largest size with the smallest. */
  compareSizes?: boolean
}

type Row = {
  workload: Workload
  portal: Figures
  baseline: Figures
  pool: number
  peakMb: number
  gc: number | null
}

/** The workloads of one size, in the order they run: the uncached first, then the cached. */
function createWorkloads(
  pools: ReturnType<typeof createRequestPools>,
  portalApiSecret: string,
  articleId: number,
): Workload[] {
  const pageParams = {
    pageNo: 1,
    pageSize: 10,
    ptype: 'jd',
    ctype: '1073,1001',
  }
  return [
    {
      name: 'SSR /index/newDetail, random article',
      kind: 'page',
      requests: () => pools.articles(),
      minRatio: 0.1,
    },
    {
      name: 'SSR /index/newList, random filter and page',
      kind: 'page',
      requests: () => pools.newsList(),
      minRatio: 1.0,
      compareSizes: true,
    },
    {
      name: 'SSR /business/list, random filter and page',
      kind: 'page',
      requests: () => pools.businessList(),
      compareSizes: true,
    },
    {
      name: 'SSR /search, random keyword and page',
      kind: 'search',
      requests: () => pools.search(),
      compareSizes: true,
    },
    {
      name: 'POST Article/PageList, random body',
      kind: 'page',
      requests: () => pools.apiPageList(portalApiSecret),
      compareSizes: true,
    },
    {
      name: 'POST Search/PageList, random body',
      kind: 'search',
      requests: () => pools.apiSearch(portalApiSecret),
      compareSizes: true,
    },
    {
      name: 'cached: POST Article/PageList (signed, encrypted)',
      kind: 'page',
      requests: async () => ({
        portal: await signedRequest(
          '/JdPortalApi/Article/PageList',
          pageParams,
          portalApiSecret,
        ),
        baseline: { path: '/baseline/json' },
      }),
      minRatio: 1.0,
    },
    {
      // The front page: the news and today's trading, read again every 10 s.
      name: 'cached: SSR /index/new',
      kind: 'page',
      requests: () => ({
        portal: { path: '/index/new' },
        baseline: { path: '/baseline/html' },
      }),
      minRatio: 0.5,
    },
    {
      name: 'cached: SSR /index/newList',
      kind: 'page',
      requests: () => ({
        portal: { path: '/index/newList' },
        baseline: { path: '/baseline/html' },
      }),
      minRatio: 0.5,
    },
    {
      name: `cached: SSR /index/newDetail?id=${articleId}`,
      kind: 'page',
      requests: () => ({
        portal: { path: `/index/newDetail?id=${articleId}` },
        baseline: { path: `/baseline/article?id=${articleId}` },
      }),
      minRatio: 0.5,
    },
  ]
}

/** The two processes a size measures, and what reading the portal's metrics takes. */
type Servers = {
  portal: ChildProcess
  baseline: ChildProcess
  staffApiToken: string
}

/**
 * One workload on the portal, then on the baseline: the portal's peak memory reset before it,
 * and its garbage collector's share of CPU over the measured run.
 */
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

const fixed = (n: number, digits = 0) => n.toFixed(digits)
const percent = (share: number | null) =>
  share === null ? '–' : `${(share * 100).toFixed(1)} %`

/** A workload's row of the table, and the budgets it missed. */
function line(row: Row) {
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

function printSize(
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
