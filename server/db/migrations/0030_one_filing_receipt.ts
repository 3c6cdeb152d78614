import { type Kysely, sql } from 'kysely'

// One 投诉回执 per complaint (server/complaints/filing-receipt.ts): two processes answering the
// same filing at the same moment each make one, and the second insert is refused here; that
// process gives the first one's.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index complaint_document_one_receipt on complaint_document (complaint_id) where kind = 'receipt_notice'`.execute(
    db,
  )
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index complaint_document_one_receipt`.execute(db)
}
