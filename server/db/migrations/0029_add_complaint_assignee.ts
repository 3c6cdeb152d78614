import type { Kysely } from 'kysely'

// Each complaint's 承办人: the staff account that owns the case (server/complaints/staff/
// complaint-assignment.ts). Set when the complaint is signed for; changed by a head with a
// reason, in the timeline. Complaints signed for before it have none until a head assigns one.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('complaint')
    .addColumn('assignee_id', 'integer', (c) =>
      c.references('staff_account.id'),
    )
    .execute()
  await db.schema
    .createIndex('complaint_assignee_idx')
    .on('complaint')
    .column('assignee_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('complaint_assignee_idx').execute()
  await db.schema.alterTable('complaint').dropColumn('assignee_id').execute()
}
