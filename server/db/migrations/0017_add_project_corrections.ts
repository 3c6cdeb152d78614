import type { Kysely } from 'kysely'

// A stage announcement or linkage record corrected after publication says so on its public page
// (更正公告 matters in bidding): when the last correction was published and what it says, as an
// article stores it. A project's own fields are facts of its table and show no correction.

const TABLES = ['project_announcement', 'linkage_record'] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    // When the last correction was published; null: never corrected.
    await db.schema
      .alterTable(table)
      .addColumn('corrected_at', 'varchar(19)')
      .execute()
    await db.schema
      .alterTable(table)
      .addColumn('correction_note', 'varchar(200)', (c) =>
        c.notNull().defaultTo(''),
      )
      .execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES)
    for (const column of ['correction_note', 'corrected_at'])
      await db.schema.alterTable(table).dropColumn(column).execute()
}
