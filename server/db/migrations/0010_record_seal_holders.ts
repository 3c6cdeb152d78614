import type { Kysely } from 'kysely'

// Whom a document is sealed for is decided by the server from what it stored, never typed on
// the signing page: the generated complaint letter keeps its complainant's kind and identity
// number beside the name; a signing session carries the holder it seals for and, when it was
// opened in the same tab, the path it leads back to; a sealing records the identity number the
// certificate names. Rows written before stay valid: an empty or missing number is not compared.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('complaint_form')
    .addColumn('complainant_kind', 'varchar(20)', (c) =>
      c.notNull().defaultTo(''),
    )
    .execute()
  await db.schema
    .alterTable('complaint_form')
    .addColumn('complainant_id_number', 'varchar(40)', (c) =>
      c.notNull().defaultTo(''),
    )
    .execute()
  for (const [column, type] of [
    ['holder_name', 'varchar(100)'],
    ['holder_kind', 'varchar(20)'],
    ['holder_id_number', 'varchar(40)'],
    ['return_path', 'varchar(300)'],
  ] as const)
    await db.schema
      .alterTable('signing_session')
      .addColumn(column, type)
      .execute()
  await db.schema
    .alterTable('signed_file')
    .addColumn('signer_id_number', 'varchar(40)')
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signed_file')
    .dropColumn('signer_id_number')
    .execute()
  for (const column of [
    'return_path',
    'holder_id_number',
    'holder_kind',
    'holder_name',
  ])
    await db.schema.alterTable('signing_session').dropColumn(column).execute()
  await db.schema
    .alterTable('complaint_form')
    .dropColumn('complainant_id_number')
    .execute()
  await db.schema
    .alterTable('complaint_form')
    .dropColumn('complainant_kind')
    .execute()
}
