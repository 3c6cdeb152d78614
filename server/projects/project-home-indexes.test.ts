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
  seededAt,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import { createBusinessApiService } from './project-service.ts'

/**
 * The home page is every visitor's first request: its statements must find their rows through
 * an index, never by reading the whole project or announcement table, however many there are.
 * Each statement the summary sends is captured and explained: on SQLite no SCAN of a table, on
 * PostgreSQL no Seq Scan with sequential scans priced out (so the plan uses an index if one fits).
 */
describe.each(testEngines)('the home summary on %s', (engine) => {
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

  it('reads projects and announcements through indexes only', async () => {
    await createBusinessApiService(db, () => seededAt).projectHomeSummary({
      size: 6,
    })
    const captured = statements.splice(0)
    expect(captured).toHaveLength(12)
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
        expect(text, captured[i]!.sql).not.toMatch(
          /\bSCAN (p|a|project|project_announcement)\b/,
        )
      else
        expect(text, captured[i]!.sql).not.toMatch(
          /Seq Scan on (project|project_announcement)\b/,
        )
    }
  })
})
