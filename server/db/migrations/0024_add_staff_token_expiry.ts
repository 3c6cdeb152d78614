import { type Kysely, sql } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Personal API tokens expire and say when they were last used (server/staff/service/
// staff-tokens.ts). Both are epoch ms, as the staff tables keep instants that expire (0012).
// A token made before this migration expires 90 days after it runs, whenever it was made:
// docs/decisions/0067-personal-api-tokens-expire.md.

const GRANDFATHERED_MS = 90 * 24 * 3600_000

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  // The database's clock: a migration runs once, outside any service and its injected clock.
  const nowMs =
    databaseEngine(db) === 'postgres'
      ? sql<number>`(extract(epoch from now()) * 1000)::bigint`
      : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`
  // Every insert gives it; 0 would be a token that has always expired.
  await db.schema
    .alterTable('staff_api_token')
    .addColumn('expires_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('staff_api_token')
    .addColumn('last_used_at', 'bigint')
    .execute()
  await db
    .updateTable('staff_api_token')
    .set({ expires_at: sql`${nowMs} + ${GRANDFATHERED_MS}` })
    .execute()
}

// Tokens never expire again and their last use is forgotten.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('staff_api_token')
    .dropColumn('last_used_at')
    .execute()
  await db.schema
    .alterTable('staff_api_token')
    .dropColumn('expires_at')
    .execute()
}
