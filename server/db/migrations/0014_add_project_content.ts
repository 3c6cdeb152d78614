import { type Kysely, sql } from 'kysely'

// Projects, their stage announcements and linkage supervision records become kinds of the
// content workflow (server/content, migration 0013): written as revisions, reviewed, published
// into the same public tables, withdrawn with a reason.
//
// - A withdrawal leaves the public row with its time and reason (lists and search drop it, its
//   address says so), as for articles.
// - `content_item.unique_key`: what at most one item of a kind may claim at a time, so a second
//   project with the same number, or a second announcement of the same project and stage, is
//   refused when written instead of when published. Null claims nothing.
// - The pictures a published announcement's or record's text shows, public like its files.
// - An older database's projects, announcements and records become items whose revision 1 is
//   published by the built-in accounts of 0013, so the console edits everything the public side
//   shows. A fresh database has none: the seed goes through the workflow itself.

/** The stages as of this migration, in order: an announcement's listing number is its place. */
const STAGES = [
  'entry',
  'bidNotice',
  'bidRegistration',
  'bidOpening',
  'bidEvaluation',
  'bidResult',
  'procurementNotice',
  'procurementResult',
  'landTransaction',
  'landParcel',
  'miningAuction',
  'miningResult',
  'propertyListing',
  'propertyResult',
]
/** What the fields' schemas accept, as of this migration (common/constants/trade.ts). */
const TRADE_MODES = [
  '公开招标',
  '邀请招标',
  '竞争性谈判',
  '竞争性磋商',
  '询价',
  '拍卖',
  '挂牌',
  '协议转让',
]
const SCHEDULED_CATEGORIES = [1, 2]

const BACKFILL_BATCH = 200
const time = 'varchar(19)'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['project', 'project_announcement', 'linkage_record']) {
    await db.schema.alterTable(table).addColumn('withdrawn_at', time).execute()
    await db.schema
      .alterTable(table)
      .addColumn('withdrawal_reason', 'varchar(500)')
      .execute()
  }

  // This month's announcements are counted from the index alone, as before, now without the
  // withdrawn ones; those of withdrawn projects are subtracted through the few such projects.
  await db.schema.dropIndex('project_announcement_publish_time_idx').execute()
  await db.schema
    .createIndex('project_announcement_publish_time_idx')
    .on('project_announcement')
    .columns(['publish_time', 'withdrawn_at'])
    .execute()
  await db.schema
    .createIndex('project_withdrawn_idx')
    .on('project')
    .column('withdrawn_at')
    .where(sql.ref('withdrawn_at'), 'is not', null)
    .execute()

  await db.schema
    .alterTable('content_item')
    .addColumn('unique_key', 'varchar(120)')
    .execute()
  await db.schema
    .createIndex('content_item_unique_key_idx')
    .on('content_item')
    .columns(['kind', 'unique_key'])
    .unique()
    .execute()

  for (const [table, parent, column] of [
    ['project_announcement_image', 'project_announcement', 'announcement_id'],
    ['linkage_record_image', 'linkage_record', 'linkage_id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn(column, 'integer', (c) =>
        c.notNull().references(`${parent}.id`).onDelete('cascade'),
      )
      .addColumn('file_id', 'varchar(32)', (c) =>
        c.notNull().references('file.id'),
      )
      .addPrimaryKeyConstraint(`${table}_pk`, [column, 'file_id'])
      .execute()
    await db.schema
      .createIndex(`${table}_file_id_idx`)
      .on(table)
      .column('file_id')
      .execute()
  }

  const accounts = await db
    .selectFrom('staffAccount')
    .select(['id', 'accountName'])
    .where('isSystem', '=', 1)
    .execute()
  const idOf = (name: string) =>
    accounts.find((account) => account.accountName === name)?.id as number
  const people = {
    authorId: idOf('system:content-author'),
    reviewerId: idOf('system:content-reviewer'),
  }
  await backfillProjects(db, people)
  await backfillAnnouncements(db, people)
  await backfillLinkages(db, people)
}

type People = { authorId: number; reviewerId: number }
type Published = {
  kind: string
  publicId: number
  uniqueKey: string | null
  title: string
  categoryId: number | null
  fields: Record<string, unknown>
  publishedAt: string
  createdAt: string
  files: string[]
}

// Rows come back camel-cased (the connection's CamelCasePlugin). The fields must read back
// through their kind's schema, or the console could not open the item: what it would refuse
// (an empty text, a date the category has none of) becomes what an editor would see as such.
const text = (value: unknown, max: number, empty = '（未填写）') =>
  String(value ?? '')
    .trim()
    .slice(0, max) || empty

/** Items whose revision 1 is published by the built-in accounts, and their files as uploads. */
async function insertPublished(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  { authorId, reviewerId }: People,
  rows: Published[],
) {
  if (rows.length === 0) return
  const items = await db
    .insertInto('content_item')
    .values(
      rows.map((row) => ({
        kind: row.kind,
        publicId: row.publicId,
        uniqueKey: row.uniqueKey,
        itemState: 'published',
        latestRevisionNo: 1,
        publishedRevisionNo: 1,
        firstPublishedAt: row.publishedAt,
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      })),
    )
    .returning(['id', 'publicId'])
    .execute()
  const itemOf = new Map(items.map((i) => [Number(i.publicId), i.id]))
  await db
    .insertInto('content_revision')
    .values(
      rows.map((row) => ({
        itemId: itemOf.get(row.publicId),
        revisionNo: 1,
        version: 1,
        state: 'published',
        title: row.title,
        categoryId: row.categoryId,
        fields: JSON.stringify(row.fields),
        authorId,
        editorIds: `,${authorId},`,
        submittedAt: row.publishedAt,
        reviewerId,
        reviewedAt: row.publishedAt,
        publishedAt: row.publishedAt,
        publisherId: reviewerId,
        createdAt: row.createdAt,
        updatedAt: row.createdAt,
      })),
    )
    .execute()
  const files = [...new Set(rows.flatMap((row) => row.files))]
  if (files.length > 0)
    await db
      .insertInto('content_upload')
      .values(
        files.map((fileId) => ({
          fileId,
          accountId: authorId,
          uploadedAt: rows[0]!.createdAt,
        })),
      )
      .onConflict((oc) => oc.column('fileId').doNothing())
      .execute()
}

/** Rows of `table` a batch at a time, by id. */
async function* batches(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  table: string,
) {
  for (let afterId = 0; ;) {
    const rows = await db
      .selectFrom(table)
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute()
    if (rows.length === 0) return
    afterId = rows.at(-1)!.id
    yield rows
  }
}

/** The files of `ids` in `fileTable`, in their order, by the parent's id. */
async function filesOf(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  fileTable: string,
  column: string,
  ids: number[],
) {
  const rows = await db
    .selectFrom(fileTable)
    .select([column, 'fileId'])
    .where(column, 'in', ids)
    .orderBy(column)
    .orderBy('sort')
    .execute()
  const byParent = new Map<number, string[]>()
  for (const row of rows) {
    const parent = Number(row[column])
    byParent.set(parent, [...(byParent.get(parent) ?? []), String(row.fileId)])
  }
  return (id: number) => (byParent.get(id) ?? []).slice(0, 20)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function backfillProjects(db: Kysely<any>, people: People) {
  for await (const projects of batches(db, 'project')) {
    await insertPublished(
      db,
      people,
      projects.map((p) => {
        const isScheduled = SCHEDULED_CATEGORIES.includes(p.category)
        const opening = isScheduled ? (p.openingTime ?? null) : null
        let registration = isScheduled ? (p.registrationDeadline ?? null) : null
        if (registration && opening && registration > opening)
          registration = opening
        const code =
          String(p.code).replace(/\s+/g, '').slice(0, 40) || `P${p.id}`
        return {
          kind: 'project',
          publicId: p.id,
          uniqueKey: code,
          title: text(p.name, 200),
          categoryId: p.category,
          fields: {
            code,
            name: text(p.name, 200),
            category: p.category,
            subType: p.subType,
            regionCode: p.regionCode,
            location: text(p.location, 200),
            tenderer: text(p.tenderer, 200),
            agency: String(p.agency ?? '').slice(0, 200),
            amount: Math.round(Number(p.amount) * 100) / 100,
            tradeMode: TRADE_MODES.includes(p.tradeMode)
              ? p.tradeMode
              : TRADE_MODES[0],
            fundSource: String(p.fundSource ?? '').slice(0, 100),
            registrationDeadline: registration,
            openingTime: opening,
          },
          publishedAt: p.publishTime,
          createdAt: p.createdAt,
          files: [],
        }
      }),
    )
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function backfillAnnouncements(db: Kysely<any>, people: People) {
  for await (const rows of batches(db, 'project_announcement')) {
    const files = await filesOf(
      db,
      'projectAnnouncementFile',
      'announcementId',
      rows.map((a) => a.id),
    )
    await insertPublished(
      db,
      people,
      // A stage no tab set knows was never shown: nothing to edit.
      rows
        .filter((a) => STAGES.includes(a.stage))
        .map((a) => ({
          kind: 'announcement',
          publicId: a.id,
          uniqueKey: `${a.projectId}:${a.stage}`,
          title: text(a.title, 200),
          categoryId: STAGES.indexOf(a.stage) + 1,
          fields: {
            projectId: a.projectId,
            stage: a.stage,
            title: text(a.title, 200),
            content: String(a.content) || '<p></p>',
            attachments: files(a.id),
          },
          publishedAt: a.publishTime,
          createdAt: a.createdAt,
          files: files(a.id),
        })),
    )
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
async function backfillLinkages(db: Kysely<any>, people: People) {
  for await (const rows of batches(db, 'linkage_record')) {
    const files = await filesOf(
      db,
      'linkageRecordFile',
      'linkageId',
      rows.map((l) => l.id),
    )
    await insertPublished(
      db,
      people,
      rows.map((l) => {
        const status = [1, 2, 3].includes(l.status) ? l.status : 1
        const deadline = l.deadline < l.foundDate ? l.foundDate : l.deadline
        const rectified =
          status === 1
            ? null
            : l.rectifiedDate && l.rectifiedDate >= l.foundDate
              ? l.rectifiedDate
              : deadline
        return {
          kind: 'linkage',
          publicId: l.id,
          uniqueKey: null,
          title: text(l.title, 200),
          categoryId: status,
          fields: {
            projectId: l.projectId,
            title: text(l.title, 200),
            item: text(l.item, 200),
            finding: text(l.finding, 2000),
            requirement: text(l.requirement, 2000),
            responsibleUnit: text(l.responsibleUnit, 200),
            status,
            foundDate: l.foundDate,
            deadline,
            rectifiedDate: rectified,
            content: String(l.content) || '<p></p>',
            attachments: files(l.id),
          },
          publishedAt: l.publishTime,
          createdAt: l.createdAt,
          files: files(l.id),
        }
      }),
    )
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  const items = db
    .selectFrom('content_item')
    .select('id')
    .where('kind', 'in', ['project', 'announcement', 'linkage'])
  await db.deleteFrom('content_revision').where('itemId', 'in', items).execute()
  await db
    .deleteFrom('content_item')
    .where('kind', 'in', ['project', 'announcement', 'linkage'])
    .execute()
  for (const table of ['linkage_record_image', 'project_announcement_image'])
    await db.schema.dropTable(table).ifExists().execute()
  await db.schema.dropIndex('content_item_unique_key_idx').execute()
  await db.schema.alterTable('content_item').dropColumn('unique_key').execute()
  await db.schema.dropIndex('project_withdrawn_idx').execute()
  await db.schema.dropIndex('project_announcement_publish_time_idx').execute()
  await db.schema
    .createIndex('project_announcement_publish_time_idx')
    .on('project_announcement')
    .column('publish_time')
    .execute()
  for (const table of ['linkage_record', 'project_announcement', 'project'])
    for (const column of ['withdrawal_reason', 'withdrawn_at'])
      await db.schema.alterTable(table).dropColumn(column).execute()
}
