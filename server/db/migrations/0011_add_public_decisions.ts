import type { Kysely } from 'kysely'

// The public version of a document the department issues (the 处理决定书 with personal data
// masked), generated beside the original: public once the complaint's result is published,
// while the original stays the complainant's and staff's only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('complaint_document')
    .addColumn('public_file_id', 'varchar(32)', (c) => c.references('file.id'))
    .execute()
  // Every request for a file asks which content links it (0008): by file id, not a full scan.
  await db.schema
    .createIndex('complaint_document_public_file_id_idx')
    .on('complaint_document')
    .column('public_file_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .dropIndex('complaint_document_public_file_id_idx')
    .ifExists()
    .execute()
  await db.schema
    .alterTable('complaint_document')
    .dropColumn('public_file_id')
    .execute()
}
