// What compressing a page costs at each level, on the built portal's own pages (demo content):
// the level a page rendered for one request gets, the level every page got before (brotli 5),
// and the levels a page kept for many gets once, in the thread pool (server/pages/page-cache.ts).
// Run after `npm run build`: node bench/compression-bench.ts
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { compress } from '#server/pages/page-cache.ts'
import { SERVER_NODE_FLAGS } from '#server/shared/runtime-flags.ts'

import { runNode, stop, waitFor } from './bench-processes.ts'

const PORTAL = 'http://127.0.0.1:3907'
/**
 * The budget of a page rendered for one request, per 25 KB, in brotli, which every browser the
 * portal supports accepts. gzip's fastest level (1) costs 0.14–0.28 ms and answers only clients
 * without brotli; it is printed, not held to the budget.
 */
const ONE_REQUEST_BUDGET_MS = 0.2

const brotli = (quality: number) => (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  })

const LEVELS: [string, (body: Buffer) => Buffer][] = [
  ['one request: brotli 1 (now)', (body) => compress(body, 'br')],
  ['one request: gzip 1 (now)', (body) => compress(body, 'gzip')],
  ['before: brotli 5', brotli(5)],
  ['before: gzip 6', (body) => gzipSync(body, { level: 6 })],
  ['kept for many: brotli 11', brotli(11)],
  ['kept for many: gzip 9', (body) => gzipSync(body, { level: 9 })],
]

function msPer(work: () => unknown, budgetMs = 2_000) {
  for (let i = 0; i < 20; i++) work()
  const started = performance.now()
  let runs = 0
  while (performance.now() - started < budgetMs) {
    work()
    runs++
  }
  return (performance.now() - started) / runs
}

async function pagesOfThePortal(): Promise<[string, Buffer][]> {
  const list = await (await fetch(`${PORTAL}/index/newList`)).text()
  const detail = /href="(\/index\/newDetail\?id=\d+)"/.exec(list)?.[1]
  const business = await (await fetch(`${PORTAL}/business/index`)).text()
  const project = /href="(\/business\/detail\?id=\d+)"/.exec(business)?.[1]
  const urls = ['/index/newList', detail, '/business/index', project].filter(
    (url): url is string => url !== undefined,
  )
  return Promise.all(
    urls.map(async (url) => {
      const answer = await fetch(`${PORTAL}${url}`, {
        headers: { 'accept-encoding': 'identity' },
      })
      return [url, Buffer.from(await answer.arrayBuffer())] as [string, Buffer]
    }),
  )
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-compression-'))
const portal = runNode([...SERVER_NODE_FLAGS, 'build/portal/main.js'], {
  NODE_ENV: 'production',
  PORT: new URL(PORTAL).port,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
})
try {
  await waitFor(`${PORTAL}/healthz`)
  const pages = await pagesOfThePortal()
  await stop(portal)
  let isWithinBudget = true
  for (const [url, body] of pages) {
    console.log(`\n${url}: ${(body.length / 1024).toFixed(1)} KB`)
    const timed = LEVELS.map(([name, level]) => ({
      name,
      ms: msPer(() => level(body)),
      size: level(body).length,
    }))
    const before = timed.find(({ name }) => name === 'before: brotli 5')!.ms
    for (const { name, ms, size } of timed) {
      const per25 = (ms * 25 * 1024) / body.length
      console.log(
        `  ${name.padEnd(28)} ${ms.toFixed(3).padStart(7)} ms (${per25.toFixed(3)} per 25 KB, ${(ms / before).toFixed(2)}× brotli 5)  ${(size / 1024).toFixed(1)} KB`,
      )
      if (
        name.startsWith('one request: brotli') &&
        per25 > ONE_REQUEST_BUDGET_MS
      ) {
        isWithinBudget = false
        console.log(
          `    over the budget of ${ONE_REQUEST_BUDGET_MS} ms per 25 KB`,
        )
      }
    }
  }
  process.exitCode = isWithinBudget ? 0 : 1
} finally {
  if (portal.exitCode === null) await stop(portal)
  await rm(dataDir, { recursive: true, force: true })
}
