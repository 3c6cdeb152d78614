import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Durable online submission
// (docs/decisions/0030-submission-answered-by-client-key-outbox-synced-commits.md): the client key
// of each filed complaint, so that a resend after a lost answer gets the same number and query
// code, and the outbox of text messages, written in the transaction of the change they tell about
// and delivered by a job that survives restarts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  const time = 'varchar(19)'

  await db.schema
    .createTable('complaint_submission')
    .addColumn('complaint_id', 'integer', (c) =>
      c.primaryKey().references('complaint.id'),
    )
    // SHA-256 of the client key: the key itself, which opens the acknowledgement, is not kept.
    .addColumn('client_key_hash', 'varchar(64)', (c) => c.notNull().unique())
    // One filing per sealed form, held by the database whatever the processes do.
    .addColumn('form_file_id', 'varchar(32)', (c) =>
      c.notNull().unique().references('file.id'),
    )
    // SHA-256 of what was submitted (without the SMS code): a resend must carry the same.
    .addColumn('content_sha256', 'varchar(64)', (c) => c.notNull())
    // The query code sealed with a key drawn from the client key; null once forgotten.
    .addColumn('acknowledgement', 'varchar(200)')
    .addColumn('acknowledgement_until', time, (c) => c.notNull())
    .addColumn('submitted_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('complaint_submission_until_idx')
    .on('complaint_submission')
    .column('acknowledgement_until')
    .execute()

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) => c.references('complaint.id'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    // The full number until sent, then masked as the log shows it (139****5678).
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    // The text until sent or given up, then null: it may hold a query code.
    .addColumn('text', 'text')
    // pending → sent, or failed once retrying has run out.
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', time, (c) => c.notNull())
    // The delivering process's claim: nobody else sends the message until it lapses.
    .addColumn('claim_token', 'varchar(32)')
    .addColumn('claimed_until', time)
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .execute()
  await db.schema
    .createIndex('sms_outbox_due_idx')
    .on('sms_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute()
  await db.schema
    .createIndex('sms_outbox_complaint_idx')
    .on('sms_outbox')
    .column('complaint_id')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_outbox').execute()
  await db.schema.dropTable('complaint_submission').execute()
}
