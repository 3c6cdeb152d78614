import type { Kysely } from 'kysely'

// article.search_text held each article's title, summary and body cut into words, for a LIKE
// search. Lists by keyword and the site search both ask the search index now (migration 0003,
// docs/decisions/0049-keyword-lists-through-search-index.md), and no statement read the column: it
// was written with every article and took more room than the body (about 1.3 KB of 2.5 KB a row at
// 10,000 generated articles), so that reading one article by id read its overflow pages too.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('article').dropColumn('search_text').execute()
}

// The words are not restored: nothing reads them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('article')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}
