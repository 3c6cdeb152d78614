import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Deadline reminders (server/complaints/reminders/): a member of staff registers an e-mail
// address and a mobile number, each confirmed by a code sent to it, and chooses how many working
// days before a statutory deadline to be reminded. A reminder is recorded once per complaint,
// person, deadline (with its date) and stage: the row's key, not a process, decides that it
// goes once, whichever process runs the job and however often it restarts. The morning digest is
// recorded once per person and day the same way. Mail waits in an outbox, as text messages do
// (0007), so one written in the transaction of a reminder goes if and only if that commits.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  const time = 'varchar(19)'

  await db.schema
    .alterTable('staff_account')
    .addColumn('email', 'varchar(254)')
    .execute()
  await db.schema
    .alterTable('staff_account')
    .addColumn('mobile', 'varchar(11)')
    .execute()
  // Working days before a deadline, comma separated; 0 is the day itself.
  await db.schema
    .alterTable('staff_account')
    .addColumn('reminder_days', 'varchar(20)', (c) =>
      c.notNull().defaultTo('1,0'),
    )
    .execute()

  await db.schema
    .createTable('staff_contact_code')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'varchar(254)', (c) => c.notNull())
    // HMAC of the code with the server's key: the code itself is not kept.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_contact_code_pk', ['account_id', 'channel'])
    .execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    // The address until sent, then masked (l***@example.gov.cn).
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    // The text and HTML until sent or given up, then null.
    .addColumn('text', 'text')
    .addColumn('html', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', time, (c) => c.notNull())
    .addColumn('claim_token', 'varchar(32)')
    .addColumn('claimed_until', time)
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('sent_at', time)
    .execute()
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute()

  await db.schema
    .createTable('complaint_reminder')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    // acceptance | material | decision | extension
    .addColumn('deadline', 'varchar(16)', (c) => c.notNull())
    .addColumn('due_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    // mail, sms, both or neither (nothing confirmed to send to): 'mail,sms'.
    .addColumn('channels', 'varchar(16)', (c) => c.notNull())
    .addColumn('sent_at', time, (c) => c.notNull())
    .addUniqueConstraint('complaint_reminder_once', [
      'complaint_id',
      'account_id',
      'deadline',
      'due_date',
      'days_before',
    ])
    .execute()

  await db.schema
    .createTable('staff_digest')
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('sent_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_digest_pk', ['account_id', 'day'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_digest').execute()
  await db.schema.dropTable('complaint_reminder').execute()
  await db.schema.dropTable('mail_outbox').execute()
  await db.schema.dropTable('staff_contact_code').execute()
  for (const column of ['reminder_days', 'mobile', 'email'])
    await db.schema.alterTable('staff_account').dropColumn(column).execute()
}
