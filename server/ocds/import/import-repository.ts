import type { Kysely, Transaction } from 'kysely'

import type { Database } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

// The releases pushed by trading platforms and what they say of each part of a process
// (migration 0035).

export const findImportedReleases = async (
  db: Db,
  keys: { ocid: string; releaseId: string }[],
) => {
  if (keys.length === 0) return []
  return db
    .selectFrom('ocdsImportRelease')
    .select(['ocid', 'releaseId', 'hash', 'outcome', 'answer'])
    .where((eb) =>
      eb.or(
        keys.map((key) =>
          eb.and([
            eb('ocid', '=', key.ocid),
            eb('releaseId', '=', key.releaseId),
          ]),
        ),
      ),
    )
    .execute()
}

export async function latestTakenDate(
  db: Db,
  ocid: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('ocdsImportRelease')
    .select('dateUtc')
    .where('ocid', '=', ocid)
    .orderBy('dateUtc', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.dateUtc ?? null
}

export async function insertImportedRelease(
  db: Db,
  row: {
    ocid: string
    releaseId: string
    releaseDate: string
    dateUtc: string
    hash: string
    outcome: string
    body: string
    accountId: number
    tokenId: number | null
    receivedAt: string
  },
) {
  await db
    .insertInto('ocdsImportRelease')
    .values({ ...row, answer: null })
    .execute()
}

export async function setReleaseAnswer(
  db: Db,
  key: { ocid: string; releaseId: string },
  answer: string,
) {
  await db
    .updateTable('ocdsImportRelease')
    .set({ answer })
    .where('ocid', '=', key.ocid)
    .where('releaseId', '=', key.releaseId)
    .execute()
}

const PART_ORDER = ['project', 'bidNotice', 'bidOpening', 'bidResult']

export async function findParts(db: Db, ocid: string) {
  const rows = await db
    .selectFrom('ocdsImportPart')
    .selectAll()
    .where('ocid', '=', ocid)
    .execute()
  return rows.sort(
    (a, b) => PART_ORDER.indexOf(a.part) - PART_ORDER.indexOf(b.part),
  )
}

export type ImportPartRow = Awaited<ReturnType<typeof findParts>>[number]

export async function savePart(
  db: Db,
  row: {
    ocid: string
    part: string
    projectCode: string
    data: string
    dateUtc: string
    releaseId: string
    status: string
    note: string
    accountId: number
    isTrusted: number
    updatedAt: string
  },
  isNew: boolean,
) {
  if (isNew) {
    await db
      .insertInto('ocdsImportPart')
      .values({ ...row, itemId: null })
      .execute()
    return
  }
  const { ocid, part, ...changes } = row
  await db
    .updateTable('ocdsImportPart')
    .set(changes)
    .where('ocid', '=', ocid)
    .where('part', '=', part)
    .execute()
}

// Only while the part still holds the data the writing read: a release taken meanwhile leaves
// the part pending for its own writing.
export async function settlePart(
  db: Db,
  key: { ocid: string; part: string; data: string },
  outcome: {
    status: string
    note: string
    itemId: number | null
    updatedAt: string
  },
) {
  await db
    .updateTable('ocdsImportPart')
    .set(outcome)
    .where('ocid', '=', key.ocid)
    .where('part', '=', key.part)
    .where('data', '=', key.data)
    .execute()
}

export async function findPendingOcids(
  db: Db,
  projectCode: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('ocdsImportPart')
    .select('ocid')
    .distinct()
    .where('projectCode', '=', projectCode)
    .where('status', '=', 'pending')
    .execute()
  return rows.map((row) => row.ocid)
}
