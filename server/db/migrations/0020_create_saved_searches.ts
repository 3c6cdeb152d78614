import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Saved searches with e-mail alerts (server/alerts). The address is kept only here, only for
// sending the alerts asked for, and the row is deleted on unsubscription (its deliveries with
// it) or when its confirmation link expires unused. No token is stored: links are HMAC-signed
// over the row's random handle (`uid`) and, for a confirmation, its random `confirm_nonce`.
// Times are 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai text as everywhere.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  const time = 'varchar(19)'

  await db.schema
    .createTable('alert_subscription')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('uid', 'varchar(22)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    // The filters as one text: one subscription per address and search.
    .addColumn('filter_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('keyword', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('search_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('region', 'varchar(6)', (c) => c.notNull().defaultTo(''))
    .addColumn('stage', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('frequency', 'varchar(10)', (c) => c.notNull())
    // Null until the owner of the address confirmed: nothing is sent but the confirmation.
    .addColumn('confirmed_at', time)
    // A confirmation asked for and not yet given: what it confirms, and until when.
    .addColumn('confirm_nonce', 'varchar(22)')
    .addColumn('confirm_frequency', 'varchar(10)')
    .addColumn('confirm_expires_at', time)
    // The mail the last request asked for (a confirmation, or word that it is subscribed
    // already): when it was asked (one per address and search within a window), when it is
    // due (null once sent) and how many tries it took.
    .addColumn('mail_asked_at', time)
    .addColumn('mail_due_at', time)
    .addColumn('mail_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('alert_subscription_search_key', [
      'email',
      'filter_key',
    ])
    .execute()
  await db.schema
    .createIndex('alert_subscription_mail_idx')
    .on('alert_subscription')
    .column('mail_due_at')
    .execute()
  await db.schema
    .createIndex('alert_subscription_expiry_idx')
    .on('alert_subscription')
    .column('confirm_expires_at')
    .execute()

  // What a subscription was (or is to be) sent: one row per item, so no item goes twice.
  await db.schema
    .createTable('alert_delivery')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('alert_subscription.id').onDelete('cascade'),
    )
    // The item as the search index names it (search_document's type and ref_id).
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_ref_id', 'integer', (c) => c.notNull())
    // pending | sent | failed (given up) | withdrawn (no longer public when its turn came)
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('due_at', time, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim_token', 'varchar(32)')
    .addColumn('claimed_until', time)
    .addColumn('sent_at', time)
    .addColumn('last_error', 'varchar(200)')
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('alert_delivery_item_key', [
      'subscription_id',
      'item_type',
      'item_ref_id',
    ])
    .execute()
  await db.schema
    .createIndex('alert_delivery_due_idx')
    .on('alert_delivery')
    .columns(['state', 'due_at'])
    .execute()

  // The public items the matching has gone through, so each is matched once; kept a few days
  // (an item older than that is never new again).
  await db.schema
    .createTable('alert_item')
    .addColumn('item_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('item_ref_id', 'integer', (c) => c.notNull())
    .addColumn('publish_time', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_item_pk', ['item_type', 'item_ref_id'])
    .execute()
  await db.schema
    .createIndex('alert_item_time_idx')
    .on('alert_item')
    .column('publish_time')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_item').ifExists().execute()
  await db.schema.dropTable('alert_delivery').ifExists().execute()
  await db.schema.dropTable('alert_subscription').ifExists().execute()
}
