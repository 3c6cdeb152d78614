import { type Kysely } from 'kysely'

import {
  type FeedbackDetailQuery,
  type FeedbackMessage,
  type FeedbackSubmit,
} from '#common/schemas/complaint/complaint-published.ts'
import { desensitize } from '#common/text.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { type Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { maskPersonalData } from '#server/complaints/mask-personal-data.ts'

/**
 * Public feedback on complaint handling (/complaint/feedback): visitors leave a message; it is
 * shown once the department answered it and released it. Names are masked when shown.
 */
export async function submitFeedback(
  db: Kysely<Database>,
  input: FeedbackSubmit,
  now: Date,
): Promise<{ id: number }> {
  if (input.complaintId !== undefined) {
    const published = await db
      .selectFrom('complaint')
      .select('id')
      .where('id', '=', input.complaintId)
      .where('isPublished', '=', 1)
      .executeTakeFirst()
    if (!published) throw new Refusal(404, '所留言的投诉处理结果不存在')
  }
  const row = await db
    .insertInto('complaintFeedback')
    .values({
      complaintId: input.complaintId ?? null,
      name: input.name,
      phone: input.phone,
      title: input.title,
      content: input.content,
      createdAt: toShanghaiText(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: Number(row.id) }
}

const publicFields = [
  'id',
  'complaintId',
  'title',
  'content',
  'name',
  'createdAt',
  'reply',
  'repliedAt',
] as const

function toMessage(row: {
  id: number
  complaintId: number | null
  title: string
  content: string
  name: string
  createdAt: string
  reply: string | null
  repliedAt: string | null
}): FeedbackMessage {
  return {
    ...row,
    id: Number(row.id),
    complaintId: row.complaintId === null ? null : Number(row.complaintId),
    name: desensitize(row.name, 1),
    content: maskPersonalData(row.content),
  }
}

/** FeedbackDetail: answered, released messages, newest answer first; with id, just that one. */
export async function findPublicFeedback(
  db: Kysely<Database>,
  query: FeedbackDetailQuery,
) {
  let base = db.selectFrom('complaintFeedback').where('isPublic', '=', 1)
  if (query.id !== undefined) base = base.where('id', '=', query.id)
  if (query.complaintId !== undefined)
    base = base.where('complaintId', '=', query.complaintId)
  const [rows, total] = await Promise.all([
    base
      .select(publicFields)
      .orderBy('repliedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ])
  return { Table: rows.map(toMessage), Total: Number(total.n) }
}

/** Every message, answered or not, for the department (unmasked). */
export async function findFeedbackForStaff(
  db: Kysely<Database>,
  query: { pageNo: number; pageSize: number },
) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('complaintFeedback')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('complaintFeedback')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { items, total: Number(total.n) }
}

export async function replyToFeedback(
  db: Kysely<Database>,
  id: number,
  answer: { reply: string; isPublic: boolean },
  now: Date,
) {
  const updated = await db
    .updateTable('complaintFeedback')
    .set({
      reply: answer.reply,
      repliedAt: toShanghaiText(now),
      isPublic: answer.isPublic ? 1 : 0,
    })
    .where('id', '=', id)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1)
    throw new Refusal(404, '该留言不存在')
  return { id, repliedAt: toShanghaiText(now) }
}
