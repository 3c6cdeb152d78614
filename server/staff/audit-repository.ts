import { type Kysely, type SqlBool, sql, type Transaction } from 'kysely'

import type { Database, StaffAuditTable } from '#server/db/schema.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

type Db = Kysely<Database> | Transaction<Database>

type NewAuditEntry = Omit<StaffAuditTable, 'id'>

// The table refuses updates and deletes (migration 0012).
export async function appendAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('staffAudit').values(entry).execute()
}

export type AuditFilter = {
  accountName?: string
  action?: string
  target?: string
  // 'YYYY-MM-DD HH:mm:ss', inclusive.
  from?: string
  to?: string
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('staffAudit')
  if (filter.accountName)
    query = query.where('accountName', '=', filter.accountName)
  if (filter.target)
    query = query.where(
      sql<SqlBool>`target like ${containsPattern(filter.target)} escape '\\'`,
    )
  if (filter.action) query = query.where('action', '=', filter.action)
  if (filter.from) query = query.where('occurredAt', '>=', filter.from)
  if (filter.to) query = query.where('occurredAt', '<=', filter.to)
  return query
}

export async function findAuditPage(
  db: Db,
  filter: AuditFilter,
  page: { pageNo: number; pageSize: number },
) {
  const [items, total] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { items, total: Number(total.n) }
}

// In batches: an export may be long.
export async function* auditEntries(db: Db, filter: AuditFilter) {
  let after = 0
  for (;;) {
    const batch = await filtered(db, filter)
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()
    yield* batch
    if (batch.length < 500) return
    after = batch.at(-1)!.id
  }
}
