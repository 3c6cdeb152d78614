import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Public credit records (不良行为记录 / 行政处罚公示, server/credit): the read model of the content
// kind `credit`, written only by publishing a reviewed revision. A record is public for six
// months from its decision, or until a longer restriction ends (招标投标违法行为记录公告暂行办法
// art. 11), then archived, still listed under its filter, searched and shown: `public_until`,
// the last public day, is computed when the record is published, so the lists filter by one
// indexed comparison with today's date.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  await db.schema
    .createTable('credit_record')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('party_name', 'varchar(200)', (c) => c.notNull())
    // bidder | agency | expert | tenderer (CREDIT_PARTY_KINDS)
    .addColumn('party_kind', 'varchar(16)', (c) => c.notNull())
    // 统一社会信用代码, upper case; null for a natural person (a 评标专家).
    .addColumn('credit_code', 'varchar(18)')
    .addColumn('violation', 'text', (c) => c.notNull())
    .addColumn('legal_basis', 'text', (c) => c.notNull())
    // penalty (行政处罚决定) | handling (处理决定)
    .addColumn('decision_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('decision_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('authority', 'varchar(100)', (c) => c.notNull())
    .addColumn('document_number', 'varchar(100)', (c) =>
      c.notNull().defaultTo(''),
    )
    .addColumn('restriction_end_date', 'varchar(10)')
    .addColumn('public_until', 'varchar(10)', (c) => c.notNull())
    .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('corrected_at', 'varchar(19)')
    .addColumn('correction_note', 'varchar(200)', (c) =>
      c.notNull().defaultTo(''),
    )
    .addColumn('withdrawn_at', 'varchar(19)')
    .addColumn('withdrawal_reason', 'varchar(500)')
    .execute()
  // The public list: newest decision first, public or archived.
  await db.schema
    .createIndex('credit_record_decision_idx')
    .on('credit_record')
    .columns(['decision_date desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('credit_record_public_until_idx')
    .on('credit_record')
    .columns(['public_until', 'decision_date'])
    .execute()
  // A party's records by its code (its name is matched on the list's keyword).
  await db.schema
    .createIndex('credit_record_code_idx')
    .on('credit_record')
    .column('credit_code')
    .execute()
  await db.schema
    .createIndex('credit_record_publish_time_idx')
    .on('credit_record')
    .columns(['publish_time desc', 'id desc'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  const items = db
    .selectFrom('content_item')
    .select('id')
    .where('kind', '=', 'credit')
  const revisions = db
    .selectFrom('content_revision')
    .select('id')
    .where('item_id', 'in', items)
  await db
    .deleteFrom('content_review')
    .where('revision_id', 'in', revisions)
    .execute()
  await db
    .deleteFrom('content_revision')
    .where('item_id', 'in', items)
    .execute()
  await db.deleteFrom('content_item').where('kind', '=', 'credit').execute()
  await db.deleteFrom('search_document').where('type', '=', 'credit').execute()
  await db.schema.dropTable('credit_record').ifExists().execute()
}
