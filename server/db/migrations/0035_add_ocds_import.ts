import type { Kysely } from 'kysely'

// Trading platforms push their records as OCDS release packages (server/ocds/import/,
// docs/api/ocds-import.md). Each release taken is kept by its ocid and id with a hash of its
// JSON, so the same release sent again changes nothing and one changed under the same id is
// refused. What the releases say of each part of a process (the project, each stage) is merged
// into one row per part, written into the content workflow when it can be. A personal API token
// may be marked trusted by a 系统管理员: its pushes are then published without review.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const time = 'varchar(19)'
  // An ISO 8601 instant in UTC (toISOString): compared as text, it orders as time does.
  const instant = 'varchar(24)'

  await db.schema
    .alterTable('staff_api_token')
    .addColumn('is_trusted_import', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('ocds_import_release')
    .addColumn('ocid', 'varchar(200)', (c) => c.notNull())
    .addColumn('release_id', 'varchar(200)', (c) => c.notNull())
    // `date` as the release gives it, and as an instant for ordering.
    .addColumn('release_date', 'varchar(40)', (c) => c.notNull())
    .addColumn('date_utc', instant, (c) => c.notNull())
    // SHA-256 of the release's JSON with its keys sorted.
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    // taken: the newest of its ocid when it came; out-of-order: an older one, which only fills
    // what no newer release gave.
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    // The answer given for it (JSON), given again when the same release comes again.
    .addColumn('answer', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('token_id', 'integer', (c) => c.references('staff_api_token.id'))
    .addColumn('received_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('ocds_import_release_pk', ['ocid', 'release_id'])
    .execute()
  await db.schema
    .createIndex('ocds_import_release_date')
    .on('ocds_import_release')
    .columns(['ocid', 'date_utc'])
    .execute()

  // One row per part of a process (project, bidNotice, bidOpening, bidResult): what the releases
  // taken say of it, newer releases over older, field by field.
  await db.schema
    .createTable('ocds_import_part')
    .addColumn('ocid', 'varchar(200)', (c) => c.notNull())
    .addColumn('part', 'varchar(16)', (c) => c.notNull())
    .addColumn('project_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    // The newest release that gave any of it.
    .addColumn('date_utc', instant, (c) => c.notNull())
    .addColumn('release_id', 'varchar(200)', (c) => c.notNull())
    // incomplete (not enough for the part yet), pending (to be written into the workflow),
    // applied, held (not written, for the reason in `note`: a withdrawn item, a refusal).
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('item_id', 'integer', (c) => c.references('content_item.id'))
    // Whose push it was, and whether that token was trusted then: the later writing of a
    // pending part (once its project is published) acts for them.
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('is_trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('ocds_import_part_pk', ['ocid', 'part'])
    .execute()
  await db.schema
    .createIndex('ocds_import_part_project')
    .on('ocds_import_part')
    .columns(['project_code', 'status'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ocds_import_part').execute()
  await db.schema.dropTable('ocds_import_release').execute()
  await db.schema
    .alterTable('staff_api_token')
    .dropColumn('is_trusted_import')
    .execute()
}
