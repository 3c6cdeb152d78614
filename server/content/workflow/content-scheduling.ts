import { contentAuditTarget } from '#common/audit-text.ts'
import {
  CONTENT_REFUSALS,
  MAX_SCHEDULE_DAYS,
} from '#common/constants/content.ts'
import type { RevisionBase } from '#common/schemas/content/workflow.ts'
import type { ContentRevisionRow } from '#server/db/schema.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import * as repo from '../content-repository.ts'
import { publishToPublicTables } from './content-publication.ts'
import { detail } from './content-reads.ts'
import {
  checkBase,
  type ContentActor,
  type RequestPlace,
  stale,
  type WorkflowContext,
} from './workflow-context.ts'

const DAY_MS = 86_400_000

export function checkSchedule(publishAt: string, now: Date): void {
  const when = fromShanghaiText(publishAt)
  if (Number.isNaN(when.getTime())) throw new Refusal(400, '定时发布时间无效')
  if (when.getTime() <= now.getTime())
    throw new Refusal(400, CONTENT_REFUSALS.pastSchedule)
  if (when.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * DAY_MS)
    throw new Refusal(400, `定时发布时间须在${MAX_SCHEDULE_DAYS}天以内`)
}

export async function cancelSchedule(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  id: number,
  base: RevisionBase,
) {
  const { db, stamp, itemOrRefuse, latestOf, note } = context
  const item = await itemOrRefuse(id)
  const latest = await latestOf(item)
  checkBase(latest, base)
  if (latest.state !== 'scheduled') throw new Refusal(409, '该修订没有定时发布')
  const at = stamp()
  await db.transaction().execute(async (trx) => {
    const isCancelled = await repo.updateRevisionIf(
      trx,
      latest.id,
      { version: base.version, states: ['scheduled'] },
      {
        state: 'submitted',
        reviewerId: null,
        reviewedAt: null,
        publishAt: null,
        updatedAt: at,
      },
    )
    // Published by the scheduler in the meantime, or changed by someone else.
    if (!isCancelled) throw stale()
    await repo.insertReview(trx, {
      revisionId: latest.id,
      reviewerId: actor.accountId,
      outcome: 'schedule-cancelled',
      publishAt: latest.publishAt,
      at,
    })
    await repo.updateItemIf(trx, id, {}, { updatedAt: at })
  })
  await note(actor, place, 'cancel-schedule', id, {
    revisionNo: latest.revisionNo,
    publishAt: latest.publishAt,
  })
  return detail(context, actor, id)
}

async function returnUnpublishable(
  context: WorkflowContext,
  revision: ContentRevisionRow,
  refusal: Refusal,
) {
  const { db, audit, stamp } = context
  const at = stamp()
  const comment = `定时发布未能执行：${refusal.message}`
  const isReturned = await db.transaction().execute(async (trx) => {
    const isDone = await repo.updateRevisionIf(
      trx,
      revision.id,
      { version: revision.version, states: ['scheduled'] },
      { state: 'returned', reviewComment: comment, updatedAt: at },
    )
    if (isDone) {
      await repo.insertReview(trx, {
        revisionId: revision.id,
        reviewerId: null,
        outcome: 'schedule-failed',
        comment,
        publishAt: revision.publishAt,
        at,
      })
      await repo.updateItemIf(trx, revision.itemId, {}, { updatedAt: at })
    }
    return isDone
  })
  if (!isReturned) return
  await audit({
    actor: null,
    accountName: '（定时发布）',
    address: '',
    action: 'content.publish-scheduled',
    target: contentAuditTarget(revision.itemId, revision.title),
    outcome: 'refused',
    detail: { revisionNo: revision.revisionNo, reason: refusal.message },
  })
}

// Each revision is claimed by a conditional update in the transaction that publishes it, so with
// several processes every revision is published exactly once.
export async function publishDue(
  context: WorkflowContext,
  limit = 20,
): Promise<number> {
  const { db, changes, stamp, note } = context
  const due = await repo.findDueRevisions(db, stamp(), limit)
  let count = 0
  for (const candidate of due) {
    const revision = await repo.findRevision(
      db,
      candidate.itemId,
      candidate.revisionNo,
    )
    if (!revision || revision.state !== 'scheduled') continue
    const at = stamp()
    let published: Awaited<ReturnType<typeof publishToPublicTables>> | null
    try {
      published = await db.transaction().execute(async (trx) => {
        const isClaimed = await repo.updateRevisionIf(
          trx,
          revision.id,
          { version: revision.version, states: ['scheduled'] },
          {
            state: 'published',
            publishedAt: at,
            publisherId: revision.reviewerId,
            updatedAt: at,
          },
        )
        if (!isClaimed) return null
        return publishToPublicTables(
          context,
          trx,
          revision.itemId,
          revision,
          fromShanghaiText(revision.publishAt!),
        )
      })
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      // A busy worker thread (the body's sanitizing) passes: the revision stays scheduled and
      // the next round publishes it.
      if (error.status === 503) continue
      // Its project withdrawn since the approval, say: back to its author, saying why.
      await returnUnpublishable(context, revision, error)
      continue
    }
    if (!published) continue
    count++
    await note(null, { address: '' }, 'publish-scheduled', revision.itemId, {
      revisionNo: revision.revisionNo,
      publishAt: revision.publishAt,
      publicId: published.publicId,
    })
    await changes.announce({ ...published, action: 'publish' })
  }
  return count
}
