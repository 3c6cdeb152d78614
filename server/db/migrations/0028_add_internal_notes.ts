import type { Kysely } from 'kysely'

// A staff action's 内部意见: kept with its event, shown to staff only. The event's reason is what
// the complainant reads in the timeline (server/complaints/follow-up/complaint-view.ts).

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('complaint_event')
    .addColumn('internal_note', 'text')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('complaint_event')
    .dropColumn('internal_note')
    .execute()
}
