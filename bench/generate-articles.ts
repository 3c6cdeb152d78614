//   node bench/generate-articles.ts [--count 100000] [--projects 0] [--seed 20261124]
//     [--data-dir data/bench]
// SQLite at <data-dir>/portal.db by default; PostgreSQL when DATABASE_URL is a postgres URL.
import path from 'node:path'
import { parseArgs } from 'node:util'

import { createPortalApiService } from '#server/portal/portal-api-service.ts'
import {
  createDatabase,
  databaseEngine,
  migrateToLatest,
} from '#server/db/database.ts'

import { refreshStatistics, writeGeneratedContent } from './bench-content.ts'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    projects: { type: 'string', default: '0' },
    seed: { type: 'string', default: '20261124' },
    'data-dir': {
      type: 'string',
      default: process.env.DATA_DIR ?? path.join('data', 'bench'),
    },
  },
})
const count = Number(values.count)
const projectCount = Number(values.projects)
const seed = Number(values.seed)
const now = new Date()

const db = await createDatabase({
  dataDir: values['data-dir'],
  databaseUrl: process.env.DATABASE_URL,
})
await migrateToLatest(db)
const engine = databaseEngine(db)

const { articleSeconds, projectSeconds, announcements } =
  await writeGeneratedContent(db, {
    articles: count,
    projects: projectCount,
    seed,
    now,
    progress: (written) => {
      if (written % 20_000 === 0) console.log(`${written} articles`)
    },
  })
console.log(
  `${engine}: ${count} articles in ${articleSeconds.toFixed(1)} s (${Math.round(count / articleSeconds)} a second)`,
)
if (projectCount > 0)
  console.log(
    `${engine}: ${projectCount} projects with ${announcements} announcements in ${projectSeconds.toFixed(1)} s`,
  )
await refreshStatistics(db)

// What a visitor waits for: the first and a deep page of the "all" tab, and a keyword search.
const api = createPortalApiService(db)
const day = (ms: number) =>
  new Date(ms).toISOString().slice(0, 10) + ' 00:00:00'
for (const [label, query] of [
  ['page 1 of 全部', { ctype: '1073,1001' }],
  ['page 500 of 全部', { ctype: '1073,1001', pageNo: 500 }],
  [
    'page 1 of 通知公告, last 3 months',
    { ctype: '1073', startTime: day(now.getTime() - 90 * 86_400_000) },
  ],
  ['keyword 除险加固', { ctype: '1073,1001', keyword: '除险加固' }],
] as const) {
  const t = performance.now()
  const page = await api.articlePageList({
    ptype: 'jd',
    pageNo: 1,
    pageSize: 10,
    ...query,
  })
  console.log(
    `${label}: ${page.Total} matches, ${(performance.now() - t).toFixed(1)} ms`,
  )
}
await db.destroy()
