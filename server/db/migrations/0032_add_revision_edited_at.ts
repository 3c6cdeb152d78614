import { type Kysely, sql } from 'kysely'

// A revision's 最后保存于 is when its text was last saved, not when it was last submitted,
// returned or published (updated_at moves with every step). Revisions from before keep their
// updated_at, the nearest the log holds; those imported or seeded and never saved have none,
// and are read as saved when created.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('content_revision')
    .addColumn('edited_at', 'text')
    .execute()
  await sql`update content_revision set edited_at = updated_at`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('content_revision')
    .dropColumn('edited_at')
    .execute()
}
