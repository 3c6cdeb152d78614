import { sql, type Kysely } from 'kysely'

// A project's registration deadline (报名截止), bid opening (开标) and current stage, with the
// indexes the home page and the project list read them through.
//
// The current stage is the furthest stage of the category's tab set that has an announcement
// (currentStageOf in common/constants/trade.ts, as the detail page opens on it). Existing rows
// get it from their announcements here. The tab sets are written out as they stand today: a
// migration must give the same result after the constants move on.
const TAB_SETS: Record<number, string[]> = {
  1: [
    'entry',
    'bidNotice',
    'bidRegistration',
    'bidOpening',
    'bidEvaluation',
    'bidResult',
  ],
  2: ['entry', 'procurementNotice', 'procurementResult'],
  3: ['landTransaction', 'landParcel'],
  4: ['miningAuction', 'miningResult'],
  5: ['miningAuction', 'miningResult'],
  6: ['propertyListing', 'propertyResult'],
  7: ['propertyListing', 'propertyResult'],
}

const INDEXES = [
  // The list's stage filter and the count of projects in progress (current stage in a list).
  ['project_current_stage_idx', 'project', ['current_stage', 'category']],
  // Today's and this week's openings and deadlines: a range, soonest first.
  ['project_opening_time_idx', 'project', ['opening_time', 'id']],
  [
    'project_registration_deadline_idx',
    'project',
    ['registration_deadline', 'id'],
  ],
  // The announcements of this month, counted.
  [
    'project_announcement_publish_time_idx',
    'project_announcement',
    ['publish_time'],
  ],
] as const

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see 0002
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('project')
    .addColumn('registration_deadline', 'varchar(19)')
    .execute()
  await db.schema
    .alterTable('project')
    .addColumn('opening_time', 'varchar(19)')
    .execute()
  await db.schema
    .alterTable('project')
    .addColumn('current_stage', 'varchar(30)')
    .execute()

  // The rank of a (category, stage) pair in its tab set; pairs outside every tab set are null
  // and never chosen, as the detail page never shows them.
  const rank = sql.join(
    Object.entries(TAB_SETS).flatMap(([category, stages]) =>
      stages.map(
        (stage, i) =>
          sql`when project.category = ${sql.lit(Number(category))} and a.stage = ${sql.lit(stage)} then ${sql.lit(i)}`,
      ),
    ),
    sql` `,
  )
  await sql`
    update project set current_stage = (
      select a.stage
      from project_announcement a
      where a.project_id = project.id
        and (case ${rank} end) is not null
      order by (case ${rank} end) desc
      limit 1
    )
  `.execute(db)

  for (const [name, table, columns] of INDEXES)
    await db.schema
      .createIndex(name)
      .on(table)
      .columns([...columns])
      .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES)
    await db.schema.dropIndex(name).ifExists().execute()
  for (const column of [
    'current_stage',
    'opening_time',
    'registration_deadline',
  ])
    await db.schema.alterTable('project').dropColumn(column).execute()
}
