import type { Kysely, Transaction } from 'kysely'

import type { Database, NewComplaintSubmission } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function insertComplaintSubmission(
  db: Db,
  row: NewComplaintSubmission,
): Promise<void> {
  await db.insertInto('complaintSubmission').values(row).execute()
}

/** The complaint filed with this client key (by its hash), with its number. */
export function findSubmissionByClientKeyHash(db: Db, clientKeyHash: string) {
  return db
    .selectFrom('complaintSubmission')
    .innerJoin('complaint', 'complaint.id', 'complaintSubmission.complaintId')
    .select([
      'complaint.complaintNo',
      'complaintSubmission.contentSha256',
      'complaintSubmission.acknowledgement',
      'complaintSubmission.acknowledgementUntil',
      'complaintSubmission.submittedAt',
    ])
    .where('complaintSubmission.clientKeyHash', '=', clientKeyHash)
    .executeTakeFirst()
}

/** Drops the acknowledgements kept until `time` or before; the rest of the row stays. */
export async function clearAcknowledgementsUntil(
  db: Db,
  time: string,
): Promise<number> {
  const updated = await db
    .updateTable('complaintSubmission')
    .set({ acknowledgement: null })
    .where('acknowledgement', 'is not', null)
    .where('acknowledgementUntil', '<=', time)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows)
}
