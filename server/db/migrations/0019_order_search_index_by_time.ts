import { sql, type Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// The search lists the newest matches first (server/search,
// docs/decisions/0048-search-at-100000-documents.md), so each engine must reach a keyword's newest
// matches without reading all of them.
//
// SQLite: the FTS5 index is rebuilt so that its rowid orders by publish time, then id
// (`unixepoch(publish_time) * 2^31 + id`: ids stay below 2^31): FTS5 walks a keyword's
// documents in rowid order, so `order by rowid desc limit n` stops after n. The table is
// contentless (the terms stay in search_document) and kept by triggers as before. Prefix
// indexes of one to three characters serve a one-character keyword (a prefix of pairs) and
// the last word of a query cut short (20 → 2026, 50268): without them FTS5 merges every term
// with that prefix, ~8 ms for `20` at 100,000 documents. The Han pairs are two characters, so
// the two-character index repeats them: it is half the index. The type is an indexed column
// too, so a type filter stays inside the FTS query.
//
// PostgreSQL: the vectors are kept in the row (storage main) instead of out of line, which
// makes checking a row against a keyword several times cheaper when the newest rows are
// walked by the time index; the rows are rewritten so existing vectors move in. A time index
// per type serves a search limited to one type.

/** The FTS5 rowid of a search_document row `row` (new or old). */
const ftsKey = (row: string) =>
  `unixepoch(${row}.publish_time) * 2147483648 + ${row}.id`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely<any>, see 0001
export async function up(db: Kysely<any>): Promise<void> {
  if (databaseEngine(db) === 'postgres') {
    await sql`alter table search_document
      alter column search_vector set storage main,
      alter column title_vector set storage main`.execute(db)
    // Stored generated columns are computed again on update: this moves every vector in.
    await sql`update search_document set title_terms = title_terms`.execute(db)
    await db.schema
      .createIndex('search_document_type_time_idx')
      .on('search_document')
      .columns(['type', 'publish_time desc', 'id desc'])
      .execute()
    return
  }
  await dropSqliteIndex(db)
  await sql`create virtual table search_fts using fts5(
    title_terms, body_terms, type,
    content='', contentless_delete=1, prefix='1 2 3',
    tokenize='unicode61 remove_diacritics 0')`.execute(db)
  // A publish time that is not a date would give no key (and FTS5 a rowid of its own).
  await sql
    .raw(
      `create trigger search_document_ai after insert on search_document begin
        select raise(abort, 'search_document.publish_time is not a date')
          where unixepoch(new.publish_time) is null;
        insert into search_fts(rowid, title_terms, body_terms, type)
          values (${ftsKey('new')}, new.title_terms, new.body_terms, new.type);
      end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger search_document_ad after delete on search_document begin
        delete from search_fts where rowid = ${ftsKey('old')};
      end`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger search_document_au after update on search_document begin
        select raise(abort, 'search_document.publish_time is not a date')
          where unixepoch(new.publish_time) is null;
        delete from search_fts where rowid = ${ftsKey('old')};
        insert into search_fts(rowid, title_terms, body_terms, type)
          values (${ftsKey('new')}, new.title_terms, new.body_terms, new.type);
      end`,
    )
    .execute(db)
  await sql
    .raw(
      `insert into search_fts(rowid, title_terms, body_terms, type)
        select ${ftsKey('d')}, d.title_terms, d.body_terms, d.type
        from search_document d`,
    )
    .execute(db)
  await sql`insert into search_fts(search_fts) values ('optimize')`.execute(db)
}

async function dropSqliteIndex(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['ai', 'ad', 'au'])
    await sql
      .raw(`drop trigger if exists search_document_${trigger}`)
      .execute(db)
  await sql`drop table if exists search_fts`.execute(db)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (databaseEngine(db) === 'postgres') {
    await db.schema.dropIndex('search_document_type_time_idx').execute()
    await sql`alter table search_document
      alter column search_vector set storage extended,
      alter column title_vector set storage extended`.execute(db)
    return
  }
  // The index of 0003: external content by id, rebuilt from search_document.
  await dropSqliteIndex(db)
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
  await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db)
}
