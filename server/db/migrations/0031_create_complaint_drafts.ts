import type { Kysely } from 'kysely'

// What leaves the department passes two people (server/complaints/staff/complaint-drafts.ts):
// the 处理决定书 is drafted (拟稿), checked by a head (核稿) and issued (签发) by one who did not
// draft it; the summary published to /complaint/list is proposed by one person and published
// by another. One current draft per complaint and kind; its steps are in the timeline and the
// audit log.
//
// A feedback reply meant for the public page waits for a second person the same way: until
// then it is kept with the message, and the message stays off the public page.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('complaint_draft')
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('drafter_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('drafter_name', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('reviewer_name', 'text')
    .addColumn('review_comment', 'text')
    .addColumn('reviewed_at', 'text')
    .addPrimaryKeyConstraint('complaint_draft_pk', ['complaint_id', 'kind'])
    .execute()
  await db.schema
    .alterTable('complaint_feedback')
    // No foreign key: SQLite cannot drop a column that has one (down()).
    .addColumn('replier_id', 'integer')
    .execute()
  await db.schema
    .alterTable('complaint_feedback')
    .addColumn('replier_name', 'text')
    .execute()
  await db.schema
    .alterTable('complaint_feedback')
    .addColumn('is_publication_requested', 'integer', (c) =>
      c.notNull().defaultTo(0),
    )
    .execute()
  await db.schema
    .alterTable('complaint_feedback')
    .addColumn('approver_name', 'text')
    .execute()
  await db.schema
    .alterTable('complaint_feedback')
    .addColumn('approved_at', 'text')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    'approved_at',
    'approver_name',
    'is_publication_requested',
    'replier_name',
    'replier_id',
  ])
    await db.schema
      .alterTable('complaint_feedback')
      .dropColumn(column)
      .execute()
  await db.schema.dropTable('complaint_draft').execute()
}
