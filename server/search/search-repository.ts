import type { Kysely } from 'kysely'

import type { Database, NewSearchDocument } from '#server/db/schema.ts'
import type { QueryTerm } from './search-terms.ts'

export type SearchRef = { type: string; refId: number }

// 12 columns × 500 rows stays under both engines' bound-parameter limits.
const BATCH = 500

// The FTS index follows on both engines.
export async function upsertSearchDocuments(
  db: Kysely<Database>,
  rows: NewSearchDocument[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('searchDocument')
      .values(rows.slice(i, i + BATCH))
      .onConflict((oc) =>
        oc.columns(['type', 'refId']).doUpdateSet((eb) => ({
          projectId: eb.ref('excluded.projectId'),
          stage: eb.ref('excluded.stage'),
          categoryId: eb.ref('excluded.categoryId'),
          subTypeName: eb.ref('excluded.subTypeName'),
          title: eb.ref('excluded.title'),
          body: eb.ref('excluded.body'),
          publishTime: eb.ref('excluded.publishTime'),
          titleTerms: eb.ref('excluded.titleTerms'),
          bodyTerms: eb.ref('excluded.bodyTerms'),
        })),
      )
      .execute()
  }
}

export async function deleteSearchDocuments(
  db: Kysely<Database>,
  refs: SearchRef[],
): Promise<void> {
  for (let i = 0; i < refs.length; i += BATCH) {
    const batch = refs.slice(i, i + BATCH)
    await db
      .deleteFrom('searchDocument')
      .where((eb) =>
        eb.or(
          batch.map((ref) =>
            eb.and([eb('type', '=', ref.type), eb('refId', '=', ref.refId)]),
          ),
        ),
      )
      .execute()
  }
}

export async function deleteAllSearchDocuments(
  db: Kysely<Database>,
): Promise<void> {
  await db.deleteFrom('searchDocument').execute()
}

export async function countSearchDocuments(
  db: Kysely<Database>,
): Promise<number> {
  const row = await db
    .selectFrom('searchDocument')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

export type SearchMatchFilter = {
  terms: QueryTerm[]
  type?: string
  categoryIds?: readonly number[]
  // Inclusive.
  startTime?: string
  endTime?: string
}

export type SearchMatch = { id: number; titleTerms: number }

export async function findRefIds(
  db: Kysely<Database>,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('searchDocument')
    .select(['id', 'refId'])
    .where('id', 'in', ids)
    .execute()
  const refOf = new Map(rows.map((row) => [row.id, row.refId]))
  return ids.flatMap((id) => (refOf.has(id) ? [refOf.get(id)!] : []))
}

// What a document is and where on the portal it leads.
const DOCUMENT_PLACE_COLUMNS = [
  'id',
  'type',
  'refId',
  'projectId',
  'stage',
  'categoryId',
] as const

export async function findSearchDocuments(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return []
  const rows = await db
    .selectFrom('searchDocument')
    .select([
      ...DOCUMENT_PLACE_COLUMNS,
      'subTypeName',
      'title',
      'body',
      'publishTime',
    ])
    .where('id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export async function findSearchEntriesByRef(
  db: Kysely<Database>,
  refs: SearchRef[],
) {
  if (refs.length === 0) return []
  return db
    .selectFrom('searchDocument')
    .select([...DOCUMENT_PLACE_COLUMNS, 'title', 'publishTime'])
    .where((eb) =>
      eb.or(
        refs.map((ref) =>
          eb.and([eb('type', '=', ref.type), eb('refId', '=', ref.refId)]),
        ),
      ),
    )
    .execute()
}
