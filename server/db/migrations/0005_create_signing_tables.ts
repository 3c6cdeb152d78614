import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Kysely<any>, as in 0001: a migration must keep working after the schema type moves on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'

  // One row per sealing: which file was sealed, the sealed copy, who sealed it and with what.
  await db.schema
    .createTable('signed_file')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('original_file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('signed_file_id', 'varchar(32)', (c) =>
      c.notNull().unique().references('file.id'),
    )
    .addColumn('signer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('signer_kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider', 'varchar(40)', (c) => c.notNull())
    .addColumn('certificate_serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('certificate_fingerprint', 'varchar(95)', (c) => c.notNull())
    .addColumn('signed_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('signed_file_original_idx')
    .on('signed_file')
    .columns(['original_file_id', 'signed_at', 'id'])
    .execute()

  // A signing page's session: the token is kept only as its SHA-256, used once, and expires.
  await db.schema
    .createTable('signing_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('sign_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    // Epoch milliseconds: compared with the clock, never shown.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'varchar(19)')
    .addColumn('signed_file_id', 'varchar(32)', (c) => c.references('file.id'))
    .execute()
  await db.schema
    .createIndex('signing_session_expires_idx')
    .on('signing_session')
    .column('expires_at')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_session').ifExists().execute()
  await db.schema.dropTable('signed_file').ifExists().execute()
}
