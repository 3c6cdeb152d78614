import type { Kysely } from 'kysely'

import type {
  FeedbackDetailQuery,
  FeedbackMessage,
  FeedbackSubmit,
} from '#common/schemas/complaint/complaint-published.ts'
import { desensitize } from '#common/text.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { solveCaptcha } from '#server/complaints/filing/captcha.ts'
import { MSG_CAPTCHA_WRONG } from '#common/messages.ts'
import { maskPersonalData } from '#server/complaints/mask-personal-data.ts'
import {
  findPublicFeedbackRows,
  findFeedbackReplyState,
  findPublishedComplaintId,
  insertFeedback,
  updateFeedbackReply,
} from './published-repository.ts'

// The captcha is checked first and used up whatever follows: a refused message stores nothing,
// and every new try costs a new captcha.
export async function submitFeedback(
  { db, store }: { db: Kysely<Database>; store: ExpiringStore },
  input: FeedbackSubmit,
  now: Date,
): Promise<{ id: number }> {
  if (!(await solveCaptcha(store, input.captchaId, input.captcha)))
    throw new Refusal(400, MSG_CAPTCHA_WRONG)
  if (input.complaintId !== undefined) {
    const published = await findPublishedComplaintId(db, input.complaintId)
    if (!published) throw new Refusal(404, '所留言的投诉处理结果不存在')
  }
  const id = await insertFeedback(db, {
    complaintId: input.complaintId ?? null,
    name: input.name,
    phone: input.phone,
    title: input.title,
    content: input.content,
    createdAt: toShanghaiText(now),
  })
  return { id }
}

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

export async function findPublicFeedback(
  db: Kysely<Database>,
  query: FeedbackDetailQuery,
) {
  const { rows, total } = await findPublicFeedbackRows(db, query)
  return { Table: rows.map(toMessage), Total: total }
}

type Staff = { accountId: number; displayName: string }

// A reply meant for the public page waits for a second person (as every published item does):
// until then the message stays off the page. A reply once public is part of the record and is
// not changed afterwards.
export async function replyToFeedback(
  db: Kysely<Database>,
  id: number,
  answer: { reply: string; isPublic: boolean },
  replier: Staff,
  now: Date,
) {
  const row = await findFeedbackReplyState(db, id)
  if (!row) throw new Refusal(404, '该留言不存在')
  if (row.isPublic === 1)
    throw new Refusal(409, '该留言的答复已公开，不能再修改')
  await updateFeedbackReply(db, id, {
    reply: answer.reply,
    repliedAt: toShanghaiText(now),
    isPublic: 0,
    isPublicationRequested: answer.isPublic ? 1 : 0,
    replierId: replier.accountId,
    replierName: replier.displayName,
    approverName: null,
    approvedAt: null,
  })
  return { id, repliedAt: toShanghaiText(now) }
}

/** The second person lets a reply onto the public page, exactly as its writer left it. */
export async function approveFeedbackReply(
  db: Kysely<Database>,
  id: number,
  approver: Staff,
  now: Date,
) {
  const row = await findFeedbackReplyState(db, id)
  if (!row) throw new Refusal(404, '该留言不存在')
  if (row.isPublic === 1) throw new Refusal(409, '该留言的答复已公开')
  if (row.isPublicationRequested !== 1 || row.reply === null)
    throw new Refusal(409, '该留言没有等待核准公开的答复')
  if (row.replierId !== null && Number(row.replierId) === approver.accountId)
    throw new Refusal(403, '答复由您本人撰写，需由另一位工作人员核准后才能公开')
  await updateFeedbackReply(db, id, {
    isPublic: 1,
    isPublicationRequested: 0,
    approverName: approver.displayName,
    approvedAt: toShanghaiText(now),
  })
  return { id, approvedAt: toShanghaiText(now) }
}
