import { type Kysely, sql } from 'kysely'

// A 补正 request made before acceptance stops the acceptance clock until the material arrives
// or the request lapses (server/complaints/lifecycle-investigation.ts): when it stopped, and the
// working days it stood still, as clock_paused_at and excluded_workdays do for the decision clock.
// A complaint waiting for material when this runs stops from its earliest open request's time.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('complaint')
    .addColumn('acceptance_stopped_at', 'varchar(19)')
    .execute()
  await db.schema
    .alterTable('complaint')
    .addColumn('acceptance_excluded_workdays', 'integer', (c) =>
      c.notNull().defaultTo(0),
    )
    .execute()
  await db
    .updateTable('complaint')
    .set({
      acceptance_stopped_at: sql`(select min(r.requested_at) from complaint_material_request r where r.complaint_id = complaint.id and r.answered_at is null)`,
      auto_accept_at: null,
    })
    .where('state', 'in', ['submitted', 'received'])
    .where('accepted_at', 'is', null)
    .where('is_material_requested', '=', 1)
    .execute()
}

const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000)
    .toISOString()
    .slice(0, 10)

// A stopped clock runs again from its last due date, so that the automatic acceptance comes back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  // The database's rows come back in camelCase (CamelCasePlugin), as everywhere else.
  const stopped = (await db
    .selectFrom('complaint')
    .select(['id', 'acceptanceDueDate'])
    .where('acceptanceStoppedAt', 'is not', null)
    .where('state', 'in', ['submitted', 'received'])
    .execute()) as { id: number; acceptanceDueDate: string | null }[]
  for (const c of stopped)
    if (c.acceptanceDueDate)
      await db
        .updateTable('complaint')
        .set({ autoAcceptAt: `${nextDay(c.acceptanceDueDate)} 00:00:00` })
        .where('id', '=', c.id)
        .execute()
  await db.schema
    .alterTable('complaint')
    .dropColumn('acceptance_excluded_workdays')
    .execute()
  await db.schema
    .alterTable('complaint')
    .dropColumn('acceptance_stopped_at')
    .execute()
}
