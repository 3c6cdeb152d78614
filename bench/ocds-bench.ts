//   node bench/ocds-bench.ts [--projects 10000] [--runs 30] [--engines sqlite,postgres]
// Budget: the p95 of every page reached by links.next or `since`, and of the record, under
// 100 ms on each engine (exit 1 otherwise); pages asked by number deep down are only reported.
// PostgreSQL: TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
import { type Kysely, sql } from 'kysely'

import { OCDS_PAGE_SIZE, OcdsAfterSchema } from '#common/schemas/ocds.ts'
import {
  createMigrator,
  databaseEngine,
  migrateToLatest,
} from '#server/db/database.ts'
import { type Database } from '#server/db/schema.ts'
import { createBulkFiles } from '#server/ocds/ocds-bulk-files.ts'
import { noPartyDetails } from '#server/ocds/ocds-parties.ts'
import { createOcdsService } from '#server/ocds/ocds-service.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import {
  parseProjectBenchArgs,
  runProjectBench,
  type TimedWork,
  timeWork,
} from './project-bench.ts'

const args = parseProjectBenchArgs('10000')
const { runs } = args
const BUDGET_MS = 100
const now = new Date()

async function adjust(db: Kysely<Database>) {
  const isPostgres = databaseEngine(db) === 'postgres'
  const padding = isPostgres
    ? sql`repeat('<p>招标范围、资格要求与递交须知。</p>', 120)`
    : sql`replace(printf('%.120c', '#'), '#', '<p>招标范围、资格要求与递交须知。</p>')`
  await sql`update project_announcement set content = content || ${padding}`.execute(
    db,
  )
  // A day after its publication, one announcement in a hundred corrected, one in two hundred
  // withdrawn (as the publishers write them: a time and a note or reason).
  const dayLater = isPostgres
    ? sql`to_char(publish_time::timestamp + interval '1 day', 'YYYY-MM-DD HH24:MI:SS')`
    : sql`datetime(publish_time, '+1 day')`
  await sql`update project_announcement set corrected_at = ${dayLater}, correction_note = '更正开标时间' where id % 100 = 0`.execute(
    db,
  )
  await sql`update project_announcement set withdrawn_at = ${dayLater}, withdrawal_reason = '公告内容有误' where id % 200 = 7`.execute(
    db,
  )
  // The release log again from these rows, as migration 0026 makes it for an older database.
  await createMigrator(db).migrateTo('0025_record_staff_sign_in_failures')
  await migrateToLatest(db)
}

await runProjectBench(
  args,
  {
    column: 'request',
    metMessage: `\nthe p95 of every page by position or since, and of the record, is under ${BUDGET_MS} ms`,
    database: 'portal_ocds_bench',
    now,
    adjust,
  },
  async (engine, db, timings) => {
    const service = createOcdsService({
      db,
      ocidPrefix: 'ocds-213czf',
      baseUrl: 'https://jd.example.gov.cn',
      publisherName: async () => '水利工程招标投标在线监督平台',
      partyDetails: noPartyDetails,
    })
    const changes = await sql<{
      n: number | string
    }>`select count(*) as n from project_release_log`.execute(db)
    const lastPage = Math.ceil(Number(changes.rows[0]!.n) / OCDS_PAGE_SIZE)
    const monthAgo = toShanghaiText(new Date(now.getTime() - 30 * 86_400_000))
    const first = await service.releasePage({ page: 1 })
    const ocid = first.releases[0]!.ocid
    // Where links.next of a middle page and of the one before the last lead.
    const positionOf = async (page: number) => {
      const { links } = await service.releasePage({ page })
      const after = OcdsAfterSchema.parse(
        new URL(links.next!).searchParams.get('after'),
      )
      return after
    }
    const middle = await positionOf(Math.ceil(lastPage / 2) - 1)
    const end = await positionOf(lastPage - 1)
    const work: TimedWork[] = [
      ['releases, page 1', () => service.releasePage({ page: 1 }), true],
      [
        `releases, links.next to page ${Math.ceil(lastPage / 2)}`,
        () => service.releasePage({ after: middle }),
        true,
      ],
      [
        `releases, links.next to page ${lastPage} (the last)`,
        () => service.releasePage({ after: end }),
        true,
      ],
      [
        'releases since a month back, page 1',
        () => service.releasePage({ since: monthAgo, page: 1 }),
        true,
      ],
      ['a record', () => service.record(ocid), true],
      [
        `releases, page=${Math.ceil(lastPage / 2)} by number (counted)`,
        () => service.releasePage({ page: Math.ceil(lastPage / 2) }),
        false,
      ],
      [
        `releases, page=${lastPage} by number (counted)`,
        () => service.releasePage({ page: lastPage }),
        false,
      ],
    ]
    await timeWork(engine, work, { runs, budgetMs: BUDGET_MS }, timings)
    const year = now.getFullYear()
    const started = performance.now()
    const file = await createBulkFiles((y) => service.bulkLines(y)).get(year)
    timings.results.push(
      `| ${engine} | bulk file ${year}: made once, ${(file.body.length / 1024 / 1024).toFixed(1)} MiB gzip | ${(performance.now() - started).toFixed(0)} | |`,
    )
  },
)
