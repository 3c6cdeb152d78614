import { type Kysely } from 'kysely'

import { type Database } from '#server/db/schema.ts'

type Db = Kysely<Database>

export function findComplaintObjection(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintObjection')
    .select(['objectionDate', 'replyStatus', 'replyDate', 'replySummary'])
    .where('complaintId', '=', complaintId)
    .executeTakeFirst()
}

/** Every file of the complaint (evidence, objection, material, withdrawal), by purpose. */
export function findComplaintFiles(db: Db, complaintId: number) {
  return db
    .selectFrom('complaintFile as cf')
    .innerJoin('file as f', 'f.id', 'cf.fileId')
    .select(['cf.purpose', 'f.id', 'f.name'])
    .where('cf.complaintId', '=', complaintId)
    .orderBy('cf.purpose')
    .orderBy('cf.sort')
    .execute()
}

/** The sealed complaint form; it exists for every filed complaint. */
export function findComplaintFormFile(db: Db, formFileId: string) {
  return db
    .selectFrom('file')
    .select(['id', 'name'])
    .where('id', '=', formFileId)
    .executeTakeFirstOrThrow()
}

/** One page of the work list, newest first, by state and keyword, and the total. */
export async function findComplaintPage(
  db: Db,
  query: { pageNo: number; pageSize: number; state?: string; keyword?: string },
) {
  let base = db.selectFrom('complaint')
  if (query.state) base = base.where('state', '=', query.state)
  if (query.keyword) {
    const like = `%${query.keyword}%`
    base = base.where((eb) =>
      eb.or([
        eb('complaintNo', 'like', like),
        eb('projectName', 'like', like),
        eb('complainantName', 'like', like),
      ]),
    )
  }
  const [rows, total] = await Promise.all([
    base
      .select([
        'complaintNo',
        'state',
        'projectName',
        'complainantName',
        'complaintType',
        'submittedAt',
        'acceptanceDueDate',
        'decisionDueDate',
        'clockPausedAt',
        'isMaterialRequested',
        'isActivitySuspended',
        'isPublished',
      ])
      .orderBy('submittedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}
