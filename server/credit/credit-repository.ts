import { sql, type Kysely, type Updateable } from 'kysely'

import type { CreditStatusFilter } from '#common/constants/credit.ts'
import type {
  CreditRecordRow,
  CreditRecordTable,
  Database,
  NewCreditRecord,
} from '#server/db/schema.ts'
import { idBlock } from '#server/shared/id-blocks.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

// `today` (YYYY-MM-DD, Asia/Shanghai) decides the status.
type CreditFilter = {
  keyword?: string
  partyKind?: string
  year?: number
  today: string
}

function publishedRecords(db: Kysely<Database>, filter: CreditFilter) {
  let query = db.selectFrom('creditRecord').where('withdrawnAt', 'is', null)
  if (filter.partyKind !== undefined)
    query = query.where('partyKind', '=', filter.partyKind)
  if (filter.year !== undefined)
    query = query
      .where('decisionDate', '>=', `${filter.year}-01-01`)
      .where('decisionDate', '<', `${filter.year + 1}-01-01`)
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    // Codes are stored in capitals: a code typed in small letters finds its record too.
    const codePattern = containsPattern(keyword.toUpperCase())
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`${eb.ref('partyName')} like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('violation')} like ${pattern} escape '\\'`,
        sql<boolean>`${eb.ref('creditCode')} like ${codePattern} escape '\\'`,
      ]),
    )
  }
  return query
}

const SUMMARY_COLUMNS = [
  'id',
  'partyName',
  'partyKind',
  'creditCode',
  'violation',
  'decisionType',
  'decisionDate',
  'authority',
  'documentNumber',
  'publicUntil',
  'publishTime',
] as const

export type CreditSummaryRow = Pick<
  CreditRecordRow,
  (typeof SUMMARY_COLUMNS)[number]
>

export async function countCreditRecordsByStatus(
  db: Kysely<Database>,
  filter: CreditFilter,
): Promise<{ public: number; archived: number }> {
  const row = await publishedRecords(db, filter)
    .select([
      sql<
        number | string | null
      >`sum(case when public_until >= ${filter.today} then 1 else 0 end)`.as(
        'public',
      ),
      (eb) => eb.fn.countAll<number | string>().as('total'),
    ])
    .executeTakeFirstOrThrow()
  const isPublic = Number(row.public ?? 0)
  return { public: isPublic, archived: Number(row.total) - isPublic }
}

export async function pageCreditRecords(
  db: Kysely<Database>,
  filter: CreditFilter & {
    status: CreditStatusFilter
    limit: number
    offset: number
  },
) {
  let query = publishedRecords(db, filter)
  if (filter.status === 'public')
    query = query.where('publicUntil', '>=', filter.today)
  else if (filter.status === 'archived')
    query = query.where('publicUntil', '<', filter.today)
  return query
    .select(SUMMARY_COLUMNS)
    .orderBy('decisionDate', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute()
}

export async function findCreditYears(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('creditRecord')
    .where('withdrawnAt', 'is', null)
    .select(sql<string>`substr(decision_date, 1, 4)`.as('year'))
    .distinct()
    .execute()
  return rows.map((row) => Number(row.year)).sort((a, b) => b - a)
}

export function findCreditRecord(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('creditRecord')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
}

// By name too: a person has no code, and an old record may lack one.
export function findCreditRecordsOfParty(
  db: Kysely<Database>,
  party: { name?: string; creditCode?: string },
  limit: number,
) {
  const name = party.name?.trim()
  const code = party.creditCode?.trim().toUpperCase()
  return db
    .selectFrom('creditRecord')
    .where('withdrawnAt', 'is', null)
    .where((eb) =>
      eb.or([
        ...(name ? [eb('partyName', '=', name)] : []),
        ...(code ? [eb('creditCode', '=', code)] : []),
        // Neither given: nothing, rather than everything.
        ...(!name && !code ? [sql<boolean>`1 = 0`] : []),
      ]),
    )
    .select(SUMMARY_COLUMNS)
    .orderBy('decisionDate', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

export function findNewestCreditRecords(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('creditRecord')
    .where('withdrawnAt', 'is', null)
    .select([...SUMMARY_COLUMNS, 'correctedAt'])
    .orderBy('publishTime', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

const lastPublished = sql<string>`case when corrected_at > publish_time then corrected_at else publish_time end`

export async function findPublishedCreditBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const block = idBlock('id', size)
  const rows = await db
    .selectFrom('creditRecord')
    .where('withdrawnAt', 'is', null)
    .select((eb) => [block.as('block'), eb.fn.max(lastPublished).as('lastmod')])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({ block: Number(row.block), lastmod: row.lastmod }))
}

export function findPublishedCreditStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return db
    .selectFrom('creditRecord')
    .where('withdrawnAt', 'is', null)
    .where('id', '>', range.afterId)
    .where('id', '<=', range.untilId)
    .select(['id', 'publishTime', 'correctedAt'])
    .orderBy('id')
    .limit(range.limit)
    .execute()
}

export async function countCreditRecords(
  db: Kysely<Database>,
): Promise<number> {
  const row = await db
    .selectFrom('creditRecord')
    .where('withdrawnAt', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export function findCreditRecordsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('creditRecord')
    .selectAll()
    .where('withdrawnAt', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function insertCreditRecords(
  db: Kysely<Database>,
  rows: NewCreditRecord[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db
    .insertInto('creditRecord')
    .values(rows)
    .returning('id')
    .execute()
  // Ids are drawn in the order of the VALUES list; RETURNING's own order is not promised.
  return inserted.map((row) => row.id).sort((a, b) => a - b)
}

export async function updateCreditRecord(
  db: Kysely<Database>,
  id: number,
  changes: Updateable<CreditRecordTable>,
): Promise<void> {
  await db
    .updateTable('creditRecord')
    .set(changes)
    .where('id', '=', id)
    .execute()
}
