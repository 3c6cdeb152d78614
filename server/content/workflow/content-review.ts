import type { Kysely } from 'kysely'

import {
  CONTENT_REFUSALS,
  type RevisionState,
} from '#common/constants/content.ts'
import type { RevisionBase } from '#common/schemas/content/workflow.ts'
import type { ContentRevisionRow, Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'

import * as repo from '../content-repository.ts'
import { publishToPublicTables } from './content-publication.ts'
import { detail } from './content-reads.ts'
import { checkSchedule } from './content-scheduling.ts'
import {
  alreadyReviewed,
  checkBase,
  type ContentActor,
  hasWritten,
  type RequestPlace,
  REVIEWED,
  stale,
  type WorkflowContext,
} from './workflow-context.ts'

function checkReview(
  actor: ContentActor,
  latest: ContentRevisionRow,
  base: RevisionBase,
) {
  if (
    latest.revisionNo === base.revisionNo &&
    latest.version !== base.version &&
    REVIEWED.includes(latest.state as RevisionState)
  )
    throw alreadyReviewed()
  checkBase(latest, base)
  if (latest.state !== 'submitted')
    throw new Refusal(409, '该修订不在待审核状态')
  if (hasWritten(latest, actor.accountId))
    throw new Refusal(403, CONTENT_REFUSALS.ownDraft)
}

// Read in the transaction that tried: on SQLite the only connection is the transaction's.
async function lostRace(
  trx: Kysely<Database>,
  revision: ContentRevisionRow,
): Promise<Refusal> {
  const now = await repo.findRevision(trx, revision.itemId, revision.revisionNo)
  return now && REVIEWED.includes(now.state as RevisionState)
    ? alreadyReviewed()
    : stale()
}

export async function approve(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  id: number,
  input: { base: RevisionBase; publishAt?: string },
) {
  const { db, changes, now, stamp, itemOrRefuse, latestOf, note } = context
  const item = await itemOrRefuse(id)
  const latest = await latestOf(item)
  checkReview(actor, latest, input.base)
  if (input.publishAt !== undefined) checkSchedule(input.publishAt, now())
  const at = stamp()
  const review = {
    reviewerId: actor.accountId,
    reviewedAt: at,
    reviewComment: null,
    updatedAt: at,
  }
  const claim = {
    version: input.base.version,
    states: ['submitted'] as const,
  }
  const published = await db.transaction().execute(async (trx) => {
    if (input.publishAt !== undefined) {
      const isScheduled = await repo.updateRevisionIf(trx, latest.id, claim, {
        ...review,
        state: 'scheduled',
        publishAt: input.publishAt,
      })
      if (!isScheduled) throw await lostRace(trx, latest)
      await repo.insertReview(trx, {
        revisionId: latest.id,
        reviewerId: actor.accountId,
        outcome: 'scheduled',
        publishAt: input.publishAt,
        at,
      })
      await repo.updateItemIf(trx, id, {}, { updatedAt: at })
      return null
    }
    const isClaimed = await repo.updateRevisionIf(trx, latest.id, claim, {
      ...review,
      state: 'published',
      publishAt: null,
      publishedAt: at,
      publisherId: actor.accountId,
    })
    if (!isClaimed) throw await lostRace(trx, latest)
    await repo.insertReview(trx, {
      revisionId: latest.id,
      reviewerId: actor.accountId,
      outcome: 'approved',
      at,
    })
    return publishToPublicTables(context, trx, id, latest, now())
  })
  await note(actor, place, 'approve', id, {
    revisionNo: latest.revisionNo,
    ...(input.publishAt
      ? { state: 'scheduled', publishAt: input.publishAt }
      : { state: 'published' }),
  })
  if (published) await changes.announce({ ...published, action: 'publish' })
  return detail(context, actor, id)
}

export async function returnRevision(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  id: number,
  input: { base: RevisionBase; comment: string },
) {
  const { db, stamp, itemOrRefuse, latestOf, note } = context
  const item = await itemOrRefuse(id)
  const latest = await latestOf(item)
  checkReview(actor, latest, input.base)
  const at = stamp()
  await db.transaction().execute(async (trx) => {
    const isReturned = await repo.updateRevisionIf(
      trx,
      latest.id,
      { version: input.base.version, states: ['submitted'] },
      {
        state: 'returned',
        reviewerId: actor.accountId,
        reviewedAt: at,
        reviewComment: input.comment,
        updatedAt: at,
      },
    )
    if (!isReturned) throw await lostRace(trx, latest)
    await repo.insertReview(trx, {
      revisionId: latest.id,
      reviewerId: actor.accountId,
      outcome: 'returned',
      comment: input.comment,
      at,
    })
    await repo.updateItemIf(trx, id, {}, { updatedAt: at })
  })
  await note(actor, place, 'return', id, {
    revisionNo: latest.revisionNo,
    comment: input.comment,
  })
  return detail(context, actor, id)
}
