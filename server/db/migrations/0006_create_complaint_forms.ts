import type { Kysely } from 'kysely'

// The complaint forms generated for filing (server/filing): which draft each PDF was made
// from, so that the form sealed and the complaint submitted are the same text.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('complaint_form')
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.primaryKey().references('file.id'),
    )
    // SHA-256 of the validated draft as JSON.
    .addColumn('draft_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('complainant_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('complaint_form').execute()
}
