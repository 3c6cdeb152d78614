import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Written against Kysely<any> like 0001: a migration must keep working after the schema type
// moves on. Times are 'YYYY-MM-DD HH:mm:ss' text and dates 'YYYY-MM-DD' text (Asia/Shanghai),
// which order and compare alike on both engines.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  const serialType =
    databaseEngine(db) === 'postgres' ? 'serial' : ('integer' as const)

  await db.schema
    .createTable('project')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // Trading category 1-7 (spec §9) and its sub-type (category × 100 + n).
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('sub_type', 'integer', (c) => c.notNull())
    .addColumn('region_code', 'varchar(6)', (c) => c.notNull())
    .addColumn('location', 'varchar(200)', (c) => c.notNull())
    .addColumn('tenderer', 'varchar(200)', (c) => c.notNull())
    .addColumn('agency', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    // 万元, two decimals; float8 is a plain number on both engines' drivers.
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('trade_mode', 'varchar(20)', (c) => c.notNull())
    .addColumn('fund_source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // Time of the first announcement (the project's entry): the month of the statistics.
    .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('project_category_idx')
    .on('project')
    .columns(['category', 'sub_type'])
    .execute()
  await db.schema
    .createIndex('project_region_idx')
    .on('project')
    .columns(['region_code'])
    .execute()
  await db.schema
    .createIndex('project_publish_time_idx')
    .on('project')
    .columns(['publish_time'])
    .execute()

  await db.schema
    .createTable('project_announcement')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('project.id').onDelete('cascade'),
    )
    .addColumn('stage', 'varchar(30)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
    // 1 on the project's newest announcement: a list without a stage shows that one per project.
    .addColumn('is_latest', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addUniqueConstraint('project_announcement_stage_uq', [
      'project_id',
      'stage',
    ])
    .execute()
  // The list walks announcements newest first within a stage, or among the latest ones.
  await db.schema
    .createIndex('project_announcement_stage_time_idx')
    .on('project_announcement')
    .columns(['stage', 'publish_time desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('project_announcement_latest_time_idx')
    .on('project_announcement')
    .columns(['is_latest', 'publish_time desc', 'id desc'])
    .execute()

  await db.schema
    .createTable('project_announcement_file')
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('project_announcement.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('project_announcement_file_pk', [
      'announcement_id',
      'file_id',
    ])
    .execute()

  await db.schema
    .createTable('linkage_record')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('project.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    // 监管事项, 发现问题, 整改要求, 责任单位.
    .addColumn('item', 'varchar(200)', (c) => c.notNull())
    .addColumn('finding', 'text', (c) => c.notNull())
    .addColumn('requirement', 'text', (c) => c.notNull())
    .addColumn('responsible_unit', 'varchar(200)', (c) => c.notNull())
    // 1 整改中, 2 已整改, 3 已销号 (LINKAGE_STATUSES).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('found_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('deadline', 'varchar(10)', (c) => c.notNull())
    .addColumn('rectified_date', 'varchar(10)')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('linkage_record_project_idx')
    .on('linkage_record')
    .columns(['project_id', 'publish_time'])
    .execute()
  await db.schema
    .createIndex('linkage_record_time_idx')
    .on('linkage_record')
    .columns(['publish_time desc', 'id desc'])
    .execute()

  await db.schema
    .createTable('linkage_record_file')
    .addColumn('linkage_id', 'integer', (c) =>
      c.notNull().references('linkage_record.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('linkage_record_file_pk', [
      'linkage_id',
      'file_id',
    ])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'linkage_record_file',
    'linkage_record',
    'project_announcement_file',
    'project_announcement',
    'project',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
