// What durable commits cost on SQLite
// (docs/decisions/0030-submission-answered-by-client-key-outbox-synced-commits.md).
// --dir must be on the disk the portal's DATA_DIR uses for the figures to mean anything.
//   node bench/durability-bench.ts [--count 200] [--dir path]
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

import SqliteDatabase from 'better-sqlite3'
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely'

import { addArticleViews } from '#server/articles/article-write-repository.ts'
import { fileComplaint } from '#server/complaints/file-complaint.ts'
import { migrateToLatest } from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import { createLocalFileStorage } from '#server/files/file-storage.ts'
import {
  type ComplaintFiling,
  ComplaintFilingSchema,
} from '#common/schemas/complaint/complaint-filing.ts'
import { validFiling } from '#tests/complaint-test-data.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    dir: { type: 'string' },
  },
})
const count = Number(values.count)

// With `skipDurableSync` the FULL that durableTransaction asks for is not applied.
function open(
  file: string,
  level: 'NORMAL' | 'FULL',
  skipDurableSync = false,
): Kysely<Database> {
  const sqlite = new SqliteDatabase(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma(`synchronous = ${level}`)
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const database = skipDurableSync
    ? new Proxy(sqlite, {
        get(target, property) {
          if (property === 'prepare')
            return (text: string) =>
              target.prepare(
                /^pragma synchronous/i.test(text) ? 'select 1' : text,
              )
          const value: unknown = Reflect.get(target, property)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
    : sqlite
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  })
}

async function time(runs: number, run: (i: number) => Promise<unknown>) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run(i)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.floor(q * (times.length - 1))]!
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length
  return `mean ${mean.toFixed(3)} ms, p50 ${at(0.5).toFixed(3)} ms, p95 ${at(0.95).toFixed(3)} ms`
}

const dir = values.dir ?? (await mkdtemp(path.join(tmpdir(), 'durability-')))
const file = path.join(dir, 'portal.db')
const storage = createLocalFileStorage(path.join(dir, 'files'))
try {
  const setup = open(file, 'NORMAL')
  await migrateToLatest(setup)
  const stamp = '2026-11-24 09:00:00'
  const article = await setup
    .insertInto('article')
    .values({
      categoryId: 1,
      title: '测速文章',
      summary: '',
      content: '<p>测速</p>',
      source: '',
      author: '',
      coverFileId: null,
      isRotation: 0,
      isPublished: 1,
      publishTime: stamp,
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The files a filing names, stored beforehand: only the filing itself is timed.
  const filings: ComplaintFiling[] = []
  for (let i = 0; i < 2 * count + 10; i++)
    filings.push(ComplaintFilingSchema.parse(await validFiling(setup, storage)))
  await setup.destroy()

  const results: [string, string][] = []
  for (const level of ['NORMAL', 'FULL'] as const) {
    const db = open(file, level)
    await time(10, () =>
      addArticleViews(db, new Map([[Number(article.id), 1]])),
    )
    results.push([
      `ordinary write (article view), synchronous=${level}`,
      await time(count, () =>
        addArticleViews(db, new Map([[Number(article.id), 1]])),
      ),
    ])
    await db.destroy()
  }
  let next = 0
  for (const [label, skip] of [
    ['filing, commit at NORMAL (before)', true],
    ['filing, commit synced (durableTransaction)', false],
  ] as const) {
    const db = open(file, 'NORMAL', skip)
    await fileComplaint(db, {}, filings[next++]!)
    results.push([
      label,
      await time(count, () => fileComplaint(db, {}, filings[next++]!)),
    ])
    await db.destroy()
  }
  const bytes = new Uint8Array(200 * 1024).fill(7)
  await mkdir(path.join(dir, 'unsynced'))
  results.push([
    'file stored (200 KB), written and renamed (before)',
    await time(count, async (i) => {
      const target = path.join(dir, 'unsynced', String(i))
      await writeFile(`${target}.tmp`, bytes)
      await rename(`${target}.tmp`, target)
    }),
  ])
  results.push([
    'file stored (200 KB), synced (local file storage)',
    await time(count, (i) =>
      storage.put(`bench/${i}`, bytes, 'application/octet-stream'),
    ),
  ])
  process.stdout.write(
    `SQLite durability, ${count} runs each, in ${dir}\n` +
      results.map(([label, figures]) => `  ${label}: ${figures}`).join('\n') +
      '\n',
  )
} finally {
  if (!values.dir) await rm(dir, { recursive: true, force: true })
}
