import { sql, type Kysely } from 'kysely'

// The OCDS releases (server/ocds) are the announcements' publications, corrections (migration
// 0017) and withdrawals (0014), in the order of their times. A page or a year of them is read
// through one index per kind of change, so that neither a correction nor a withdrawal is
// looked for by reading every announcement (whose rows carry their text). Few announcements
// are ever corrected or withdrawn: partial indexes of those rows only. The id breaks ties of
// one time, as the releases are ordered.

const INDEXES = [
  ['project_announcement_corrected_idx', 'corrected_at'],
  ['project_announcement_withdrawn_idx', 'withdrawn_at'],
] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of INDEXES)
    await db.schema
      .createIndex(name)
      .on('project_announcement')
      .columns([column, 'id'])
      .where(sql.ref(column), 'is not', null)
      .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute()
}
