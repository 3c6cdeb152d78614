import { sql, type Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// The site-wide search index (server/search): one row per searchable document, whatever area
// wrote it. The terms columns hold the text as search-terms.ts cut it; each engine indexes
// them with its own full-text index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely<any>, see 0001
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = databaseEngine(db) === 'postgres'

  await db.schema
    .createTable('search_document')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => c.primaryKey())
    // article | policy | project | announcement
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'integer')
    .addColumn('stage', 'varchar(32)')
    .addColumn('category_id', 'integer')
    .addColumn('sub_type_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(500)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('publish_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('title_terms', 'text', (c) => c.notNull())
    .addColumn('body_terms', 'text', (c) => c.notNull())
    .addUniqueConstraint('search_document_ref_key', ['type', 'ref_id'])
    .execute()
  await db.schema
    .createIndex('search_document_time_idx')
    .on('search_document')
    .columns(['publish_time desc', 'id desc'])
    .execute()

  if (isPostgres) {
    // 'simple' keeps each pre-cut term as it is (no stemming, no stop words). The title has a
    // vector of its own for ranking; the GIN index serves the match over title and body.
    await sql`alter table search_document
      add column title_vector tsvector generated always as
        (to_tsvector('simple', title_terms)) stored,
      add column search_vector tsvector generated always as
        (to_tsvector('simple', title_terms) || to_tsvector('simple', body_terms)) stored`.execute(
      db,
    )
    await sql`create index search_document_vector_idx on search_document using gin (search_vector)`.execute(
      db,
    )
    return
  }
  // External-content FTS5 over the terms columns, kept in step by triggers: every write to
  // search_document updates the index in the same transaction.
  await sql`create virtual table search_fts using fts5(
    title_terms, body_terms,
    content='search_document', content_rowid='id',
    tokenize='unicode61 remove_diacritics 0')`.execute(db)
  await sql`create trigger search_document_ai after insert on search_document begin
    insert into search_fts(rowid, title_terms, body_terms)
      values (new.id, new.title_terms, new.body_terms);
  end`.execute(db)
  await sql`create trigger search_document_ad after delete on search_document begin
    insert into search_fts(search_fts, rowid, title_terms, body_terms)
      values ('delete', old.id, old.title_terms, old.body_terms);
  end`.execute(db)
  await sql`create trigger search_document_au after update on search_document begin
    insert into search_fts(search_fts, rowid, title_terms, body_terms)
      values ('delete', old.id, old.title_terms, old.body_terms);
    insert into search_fts(rowid, title_terms, body_terms)
      values (new.id, new.title_terms, new.body_terms);
  end`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (databaseEngine(db) === 'sqlite')
    await sql`drop table if exists search_fts`.execute(db)
  await db.schema.dropTable('search_document').ifExists().execute()
}
