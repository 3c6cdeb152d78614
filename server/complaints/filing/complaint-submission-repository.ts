import type { Kysely, Transaction } from 'kysely'

import type { Database, NewComplaintSubmission } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export async function insertComplaintSubmission(
  db: Db,
  row: NewComplaintSubmission,
): Promise<void> {
  await db.insertInto('complaintSubmission').values(row).execute()
}

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
