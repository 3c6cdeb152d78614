import path from 'node:path'

import SqliteDatabase from 'better-sqlite3'
import {
  CamelCasePlugin,
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
} from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { Database } from '#server/db/schema.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  findLoggedPosition,
  findProjectReleaseLog,
  findReleaseTimeSpan,
  pageReleaseLog,
  RELEASE_CHANGES,
} from './project-release-repository.ts'

/**
 * The OCDS releases are paged, read by year and by process through the release log of the whole
 * history: each statement must walk an index from where it starts, never read the table (whose
 * rows carry the announcements' texts). Explained as project-home-indexes.test.ts does:
 * on SQLite no SCAN of a table, on PostgreSQL no Seq Scan with sequential scans priced out.
 */
describe.each(testEngines)('the release changes on %s', (engine) => {
  let test: TestDatabase
  let db: Kysely<Database>
  const statements: CompiledQuery[] = []

  beforeAll(async () => {
    test = await createTestDatabase(engine)
    const dialect =
      engine === 'sqlite'
        ? new SqliteDialect({
            database: new SqliteDatabase(path.join(test.dataDir, 'portal.db')),
          })
        : new PostgresDialect({
            pool: new pg.Pool({ connectionString: test.databaseUrl, max: 1 }),
          })
    db = new Kysely<Database>({
      dialect,
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === 'query') statements.push(event.query)
      },
    })
  })
  afterAll(async () => {
    await db?.destroy()
    await test?.destroy()
  })

  it('pages, reads a year and a process, and finds the first and last change through indexes only', async () => {
    await pageReleaseLog(db, { offset: 100, limit: 101 })
    await pageReleaseLog(db, { since: '2026-01-01 00:00:00', limit: 101 })
    await pageReleaseLog(db, {
      since: '2025-01-01 00:00:00',
      until: '2026-01-01 00:00:00',
      after: { date: '2025-06-01 00:00:00', seq: 10 },
      limit: 500,
    })
    await findReleaseTimeSpan(db)
    await findProjectReleaseLog(db, 'XJSL-GC-2026-001')
    await findLoggedPosition(db, {
      date: '2025-06-01 00:00:00',
      kind: RELEASE_CHANGES.correction,
      refId: 10,
    })
    const captured = statements.splice(0)
    expect(captured).toHaveLength(3 + 2 + 1 + 1)
    const plans = await db.connection().execute(async (connection) => {
      if (engine === 'postgres')
        await sql`set enable_seqscan = off`.execute(connection)
      const explain = engine === 'sqlite' ? 'explain query plan ' : 'explain '
      const found: string[][] = []
      for (const query of captured) {
        const { rows } = await connection.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(explain + query.sql, [...query.parameters]),
        )
        found.push(
          rows.map((row) =>
            String(engine === 'sqlite' ? row.detail : Object.values(row)[0]),
          ),
        )
      }
      return found
    })
    for (const [i, plan] of plans.entries()) {
      const text = plan.join('\n')
      expect(text, captured[i]!.sql).toMatch(/INDEX|Index/)
      if (engine === 'sqlite')
        expect(text, `${captured[i]!.sql}\n${text}`).not.toMatch(
          /\bSCAN (project_release_log)\b(?! USING)/,
        )
      else
        expect(text, `${captured[i]!.sql}\n${text}`).not.toMatch(
          /Seq Scan on (project_release_log)\b/,
        )
    }
  })
})
