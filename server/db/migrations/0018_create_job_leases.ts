import type { Kysely } from 'kysely'

// Scheduled jobs (automatic acceptance, deadline recount, scheduled publication) run in every
// process, and each run first takes its job's lease here (server/shared/job-lease.ts): one row
// per job, taken by a conditional upsert, so one process at a time runs it, on SQLite and
// PostgreSQL alike.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_lease')
    .addColumn('job', 'varchar(60)', (c) => c.primaryKey())
    // Who runs it (host/pid/instance), for the operator who wonders.
    .addColumn('holder', 'varchar(200)', (c) => c.notNull())
    // Epoch milliseconds on the database's clock; the lease is free from then on.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_lease').ifExists().execute()
}
