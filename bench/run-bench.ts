import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'

import { portalSign } from '#common/protocol/portal-sign.ts'
import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

/**
 * Load benchmark: signed /Article/PageList, the SSR front page, news list and an SSR article,
 * each next to its minimal baseline, 50 connections, on this machine. Prints requests/s,
 * p50/p99 latency, the ratio to the baseline, and the portal's peak memory; checks the budgets.
 *   node bench/run-bench.ts [--articles 100000] [--duration 10]
 */
const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '0' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
})
const duration = Number(args.duration)
const connections = Number(args.connections)
const root = path.resolve(import.meta.dirname, '..')

function run(command: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, command, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not come up`)
}

async function peakRssMb(pid: number) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

type Load = {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}
type Figures = { rps: number; p50: number; p99: number; errors: number }

async function measure(load: Load): Promise<Figures> {
  // A short warm-up so caches and JIT are in the state a running portal is in.
  await autocannon({ ...load, connections, duration: 2 })
  const result = await autocannon({ ...load, connections, duration })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'))
const children: ChildProcess[] = []
try {
  const startPortal = async () => {
    const child = run([...SERVER_NODE_FLAGS, 'build/portal/main.js'], {
      NODE_ENV: 'production',
      PORT: '3901',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    })
    children.push(child)
    await waitFor('http://127.0.0.1:3901/healthz')
    return child
  }
  // A first start creates and seeds the database; the bulk articles go in beside the demo
  // content. The measured process is a second start: a serving portal, not a seeding one.
  const seeding = await startPortal()
  seeding.kill('SIGTERM')
  await new Promise((resolve) => seeding.once('exit', resolve))
  const articles = Number(args.articles)
  if (articles > 0) {
    const generator = run(
      [
        'bench/generate-articles.ts',
        '--count',
        String(articles),
        '--data-dir',
        dataDir,
      ],
      {
        DATABASE_URL: '',
      },
    )
    await new Promise((resolve, reject) =>
      generator.once('exit', (code) =>
        code === 0 ? resolve(null) : reject(new Error('generator failed')),
      ),
    )
  }
  const portal = await startPortal()
  const baseline = run(
    ['bench/baseline-server.ts', path.join(dataDir, 'portal.db'), '3902'],
    {},
  )
  children.push(baseline)
  await waitFor('http://127.0.0.1:3902/baseline/json')

  const secrets = JSON.parse(
    await readFile(path.join(dataDir, 'secrets.json'), 'utf8'),
  ) as {
    portalApiSecret: string
  }
  const params = {
    pageNo: 1,
    pageSize: 10,
    ptype: 'jd',
    ctype: '1073,1001',
    ts: Date.now(),
  }
  const sign = await portalSign(params, secrets.portalApiSecret)
  const firstPage = (await (
    await fetch('http://127.0.0.1:3902/baseline/json')
  ).json()) as {
    Table: { id: number }[]
  }
  const articleId = firstPage.Table[0]!.id

  const pairs: { name: string; ours: Load; base: Load; minRatio: number }[] = [
    {
      name: 'POST /JdPortalApi/Article/PageList (signed, encrypted)',
      ours: {
        url: 'http://127.0.0.1:3901/JdPortalApi/Article/PageList',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sign': sign },
        body: JSON.stringify(params),
      },
      base: { url: 'http://127.0.0.1:3902/baseline/json' },
      minRatio: 1.0,
    },
    {
      // The front page: the news and today's trading, read again every 10 s.
      name: 'SSR /index/new',
      ours: { url: 'http://127.0.0.1:3901/index/new' },
      base: { url: 'http://127.0.0.1:3902/baseline/html' },
      minRatio: 0.5,
    },
    {
      name: 'SSR /index/newList',
      ours: { url: 'http://127.0.0.1:3901/index/newList' },
      base: { url: 'http://127.0.0.1:3902/baseline/html' },
      minRatio: 0.5,
    },
    {
      name: `SSR /index/newDetail?id=${articleId}`,
      ours: { url: `http://127.0.0.1:3901/index/newDetail?id=${articleId}` },
      base: { url: `http://127.0.0.1:3902/baseline/article?id=${articleId}` },
      minRatio: 0.5,
    },
  ]

  const failures: string[] = []
  console.log(
    `\nbench: ${connections} connections, ${duration} s each, articles in database: ${articles || 'demo seed'}`,
  )
  console.log(
    '| endpoint | req/s | p50 ms | p99 ms | baseline req/s | baseline p99 ms | ratio | budget |',
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const pair of pairs) {
    const ours = await measure(pair.ours)
    const base = await measure(pair.base)
    const ratio = ours.rps / base.rps
    const isOk = ratio >= pair.minRatio && ours.p99 < 50 && ours.errors === 0
    if (!isOk)
      failures.push(
        `${pair.name}: ratio ${ratio.toFixed(2)} (≥ ${pair.minRatio}), p99 ${ours.p99} ms (< 50), errors ${ours.errors}`,
      )
    console.log(
      `| ${pair.name} | ${ours.rps.toFixed(0)} | ${ours.p50} | ${ours.p99} | ${base.rps.toFixed(0)} | ${base.p99} | ${ratio.toFixed(2)}× | ≥ ${pair.minRatio}× ${isOk ? 'ok' : 'FAIL'} |`,
    )
  }
  const memory = await peakRssMb(portal.pid!)
  console.log(
    `\nportal peak memory (VmHWM): ${memory.toFixed(0)} MB (budget < 250 MB)`,
  )
  if (memory >= 250) failures.push(`memory ${memory.toFixed(0)} MB`)
  if (failures.length > 0) {
    console.log(`\nbudgets missed:\n- ${failures.join('\n- ')}`)
    process.exitCode = 1
  } else console.log('\nall budgets met')
} finally {
  for (const child of children) child.kill('SIGTERM')
  await new Promise((r) => setTimeout(r, 500))
  await rm(dataDir, { recursive: true, force: true })
}
