// Random ids and page numbers, so the 10 s page cache rarely answers.
//   npm run build && node bench/cluster-bench.ts [--articles 10000] [--duration 10]
// PostgreSQL through TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test),
// Redis at REDIS_URL (default redis://127.0.0.1:6379, its database 8).
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'

import autocannon from 'autocannon'
import pg from 'pg'

import { PAGE_SIZE } from '#common/constants/ui.ts'

import { freePort } from '../scripts/free-port.ts'

const { values: args } = parseArgs({
  options: {
    articles: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
  },
})
const duration = Number(args.duration)
const connections = Number(args.connections)
const articles = Number(args.articles)
const root = path.resolve(import.meta.dirname, '..')

const adminUrl =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const databaseName = `portal_cluster_bench_${randomBytes(4).toString('hex')}`
const databaseUrl = new URL(adminUrl)
databaseUrl.pathname = `/${databaseName}`
const redisUrl = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379')
redisUrl.pathname = '/8'

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return await client.query(statement)
  } finally {
    await client.end()
  }
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', resolve))
}

type Cluster = { url: string; stop(): Promise<void> }

async function startCluster(dataDir: string, processes: number) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['scripts/cluster.ts', '--processes', String(processes)],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redisUrl.toString(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  while (!output.includes('集群：就绪')) {
    if (child.exitCode !== null)
      throw new Error(`the cluster did not start:\n${output}`)
    await sleep(200)
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const done = exited(child)
      child.kill('SIGTERM')
      await done
    },
  } satisfies Cluster
}

type Figures = { rps: number; p50: number; p99: number; errors: number }

const pick = <T>(values: T[]) =>
  values[Math.floor(Math.random() * values.length)]!

async function measure(
  url: string,
  randomPath: () => string,
  seconds: number,
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      { setupRequest: (request) => ({ ...request, path: randomPath() }) },
    ],
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-cluster-bench-'))
await admin(`create database ${databaseName}`)
try {
  // A first start migrates and seeds the demo content; the bulk articles go in beside it.
  const seeding = await startCluster(dataDir, 1)
  await seeding.stop()
  if (articles > 0) {
    const generator = spawn(
      process.execPath,
      [
        'bench/generate-articles.ts',
        '--count',
        String(articles),
        '--data-dir',
        dataDir,
      ],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: databaseUrl.toString() },
        stdio: 'inherit',
      },
    )
    if ((await exited(generator)) !== 0) throw new Error('generator failed')
  }

  const client = new pg.Client({ connectionString: databaseUrl.toString() })
  await client.connect()
  const ids = (
    await client.query<{ id: number }>(
      'select id from article where is_published = 1 and category_id in (1073, 1002, 1001)',
    )
  ).rows.map((row) => row.id)
  const listed = Number(
    (
      await client.query<{ n: string }>(
        'select count(*) as n from article where is_published = 1 and category_id in (1073, 1001)',
      )
    ).rows[0]!.n,
  )
  await client.end()
  const pages = Array.from(
    { length: Math.max(1, Math.ceil(listed / PAGE_SIZE)) },
    (_, i) => i + 1,
  )
  const workloads = [
    {
      name: 'SSR /index/newDetail?id=<random>',
      path: () => `/index/newDetail?id=${pick(ids)}`,
    },
    {
      name: 'SSR /index/newList?page=<random>',
      path: () => `/index/newList?page=${pick(pages)}`,
    },
  ]

  const results = new Map<string, Figures[]>()
  for (const processes of [1, 2]) {
    const cluster = await startCluster(dataDir, processes)
    try {
      for (const workload of workloads) {
        // A short warm-up: JIT, connection pools and caches as in a running portal.
        await measure(cluster.url, workload.path, 2)
        const figures = await measure(cluster.url, workload.path, duration)
        results.set(workload.name, [
          ...(results.get(workload.name) ?? []),
          figures,
        ])
      }
    } finally {
      await cluster.stop()
    }
  }

  console.log(
    `\ncluster bench: ${connections} connections, ${duration} s per workload, ${ids.length} news articles (${pages.length} list pages), PostgreSQL and Redis, behind haproxy`,
  )
  console.log(
    '| workload | processes | req/s | p50 ms | p99 ms | errors | 2 ÷ 1 |',
  )
  console.log('|---|---|---|---|---|---|---|')
  for (const [name, [one, two]] of results) {
    for (const [index, figures] of [one!, two!].entries())
      console.log(
        `| ${name} | ${index + 1} | ${figures.rps.toFixed(0)} | ${figures.p50} | ${figures.p99} | ${figures.errors} | ${index === 1 ? `${(two!.rps / one!.rps).toFixed(2)}×` : ''} |`,
      )
  }
} finally {
  await admin(`drop database if exists ${databaseName} with (force)`)
  await rm(dataDir, { recursive: true, force: true })
}
