import { type Kysely, sql } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Staff accounts, their roles, sessions, setup links, personal API tokens and the audit log
// (server/staff). Secrets are stored only as SHA-256 (session ids, setup links, tokens), as
// argon2id (passwords) or encrypted (the TOTP secret). Times are 'YYYY-MM-DD HH:mm:ss'
// Asia/Shanghai text as everywhere; instants that expire are also kept as epoch ms (bigint).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = databaseEngine(db) === 'postgres'
  const serialType = isPostgres ? 'serial' : 'integer'
  const time = 'varchar(19)'

  await db.schema
    .createTable('staff_account')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('account_name', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(50)', (c) => c.notNull())
    // argon2id; null until the person sets one through a setup link.
    .addColumn('password_hash', 'varchar(200)')
    // AES-256-GCM of the base32 secret (server/staff/totp.ts); pending: being enrolled.
    .addColumn('totp_secret', 'varchar(200)')
    .addColumn('pending_totp_secret', 'varchar(200)')
    // The last TOTP time step accepted: a code of that step or before is a replay.
    .addColumn('totp_last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enrolled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    // The identity provider's subject, for OIDC sign-in to an existing account.
    .addColumn('oidc_subject', 'varchar(200)', (c) => c.unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('staff_account_role')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_account_role_pk', ['account_id', 'role'])
    .execute()

  await db.schema
    .createTable('staff_session')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('staff_session_account_idx')
    .on('staff_session')
    .column('account_id')
    .execute()

  await db.schema
    .createTable('staff_setup_link')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('staff_setup_link_account_idx')
    .on('staff_setup_link')
    .column('account_id')
    .execute()

  await db.schema
    .createTable('staff_api_token')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    // The roles it acts with, comma-separated, a subset of the person's at creation.
    .addColumn('roles', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('revoked_at', time)
    .execute()
  await db.schema
    .createIndex('staff_api_token_account_idx')
    .on('staff_api_token')
    .column('account_id')
    .execute()

  // Append-only, as complaint_event (0004): triggers refuse update and delete on both engines.
  await db.schema
    .createTable('staff_audit')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('occurred_at', time, (c) => c.notNull())
    // Null when nobody is known (a forged cookie, an unknown account name).
    .addColumn('account_id', 'integer')
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('roles', 'varchar(200)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(200)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('staff_audit_time_idx')
    .on('staff_audit')
    .column('occurred_at')
    .execute()
  await db.schema
    .createIndex('staff_audit_account_idx')
    .on('staff_audit')
    .columns(['account_name', 'occurred_at'])
    .execute()
  if (isPostgres) {
    await sql`create function staff_audit_append_only() returns trigger
      language plpgsql as $$ begin
        raise exception 'staff_audit is append-only';
      end $$`.execute(db)
    await sql`create trigger staff_audit_no_change before update or delete
      on staff_audit for each row execute function staff_audit_append_only()`.execute(
      db,
    )
    // Row triggers do not fire for TRUNCATE: refuse it too.
    await sql`create trigger staff_audit_no_truncate before truncate
      on staff_audit for each statement execute function staff_audit_append_only()`.execute(
      db,
    )
  } else {
    for (const operation of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger staff_audit_no_${operation} before ${operation}
           on staff_audit begin
             select raise(abort, 'staff_audit is append-only');
           end`,
        )
        .execute(db)
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  if (databaseEngine(db) === 'postgres') {
    await sql`drop table if exists staff_audit`.execute(db)
    await sql`drop function if exists staff_audit_append_only`.execute(db)
  } else {
    await db.schema.dropTable('staff_audit').ifExists().execute()
  }
  for (const table of [
    'staff_api_token',
    'staff_setup_link',
    'staff_session',
    'staff_account_role',
    'staff_account',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
