import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Written against Kysely<any> as Kysely recommends: a migration must keep working after the
// schema type moves on. Types chosen to mean the same on SQLite and PostgreSQL.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = databaseEngine(db) === 'postgres'
  // SQLite's rowid alias needs "integer primary key"; PostgreSQL needs serial.
  const serialType = isPostgres ? 'serial' : 'integer'

  await db.schema
    .createTable('file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime', 'varchar(127)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('article')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('source', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('author', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_file_id', 'varchar(32)', (c) =>
      c.references('file.id').onDelete('set null'),
    )
    .addColumn('is_rotation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(1))
    // 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai: text order is time order on both engines.
    .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(19)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(19)', (c) => c.notNull())
    .execute()

  // The list query filters published + category IN (...) and orders by (publish_time, id) desc.
  // This index serves the ordered page (walk newest-first, stop after limit + offset rows).
  await db.schema
    .createIndex('article_published_time_idx')
    .on('article')
    .columns(['is_published', 'publish_time desc', 'id desc', 'category_id'])
    .execute()
  // This one serves the count, the time range inside one category and prev/next of a detail.
  await db.schema
    .createIndex('article_category_time_idx')
    .on('article')
    .columns(['category_id', 'is_published', 'publish_time', 'id'])
    .execute()
  await db.schema
    .createIndex('article_rotation_idx')
    .on('article')
    .columns(['is_rotation', 'is_published', 'publish_time'])
    .execute()

  await db.schema
    .createTable('article_file')
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('article.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_file_pk', ['article_id', 'file_id'])
    .execute()

  await db.schema
    .createTable('footer_link')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('footer_link_type_idx')
    .on('footer_link')
    .columns(['type', 'sort'])
    .execute()

  await db.schema
    .createTable('home_link')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('dictionary')
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('label', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('dictionary_pk', ['type', 'value'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'dictionary',
    'home_link',
    'footer_link',
    'article_file',
    'article',
    'file',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
