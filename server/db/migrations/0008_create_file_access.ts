import type { Kysely } from 'kysely'

// Who may read a file that belongs to a complaint (server/files/file-access.ts): the browser
// that uploaded or generated it, and the browser the complainant followed the complaint in.
// A browser is known by a random key in an HttpOnly cookie; only the key's SHA-256 is stored.

// Every request for a file asks which content links it: by file id, not by a full scan.
const LINK_INDEXES = [
  ['article_file', 'file_id'],
  ['article', 'cover_file_id'],
  ['project_announcement_file', 'file_id'],
  ['linkage_record_file', 'file_id'],
  ['complaint_file', 'file_id'],
  ['complaint_document', 'file_id'],
  ['complaint', 'form_file_id'],
] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  // A visitor's upload or generated form, and the browser it was made for.
  await db.schema
    .createTable('file_upload')
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.primaryKey().references('file.id'),
    )
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    // Epoch milliseconds: the uploader reads the file for a limited time after.
    .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
    .execute()

  // The files of a complaint, opened to a browser by the complainant's number and query code
  // (or phone and SMS code) until expires_at (epoch milliseconds).
  await db.schema
    .createTable('complaint_file_grant')
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('complaint_no', 'varchar(12)', (c) =>
      c.notNull().references('complaint.complaint_no'),
    )
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('complaint_file_grant_pk', [
      'key_hash',
      'complaint_no',
    ])
    .execute()
  await db.schema
    .createIndex('complaint_file_grant_expires_idx')
    .on('complaint_file_grant')
    .column('expires_at')
    .execute()

  for (const [table, column] of LINK_INDEXES)
    await db.schema
      .createIndex(`${table}_${column}_idx`)
      .on(table)
      .column(column)
      .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of LINK_INDEXES)
    await db.schema.dropIndex(`${table}_${column}_idx`).ifExists().execute()
  await db.schema.dropTable('complaint_file_grant').ifExists().execute()
  await db.schema.dropTable('file_upload').ifExists().execute()
}
