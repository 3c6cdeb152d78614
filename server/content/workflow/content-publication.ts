import type { Kysely } from 'kysely'

import type { ContentKind } from '#common/schemas/content/registry.ts'
import type { ContentRevisionRow, Database } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { kindDefinition } from '../kinds/registry.ts'
import * as repo from '../content-repository.ts'
import {
  type ContentActor,
  fieldsOf,
  type RequestPlace,
  type WorkflowContext,
} from './workflow-context.ts'
import { detail } from './content-reads.ts'

// Inside `trx`, after the revision was claimed.
export async function publishToPublicTables(
  context: WorkflowContext,
  trx: Kysely<Database>,
  itemId: number,
  revision: ContentRevisionRow,
  publishedAt: Date,
) {
  const { now } = context
  const item = (await repo.findItem(trx, itemId))!
  const kind = kindDefinition(item.kind as ContentKind)
  const at = toShanghaiText(now())
  const publicId = await kind.publisher.publish(trx, {
    publicId: item.publicId,
    fields: fieldsOf(item.kind, revision),
    isFirstPublication: item.firstPublishedAt === null,
    publishedAt,
    correction: revision.isCorrection
      ? { note: revision.correctionNote }
      : null,
  })
  if (
    item.publishedRevisionNo !== null &&
    item.publishedRevisionNo !== revision.revisionNo
  )
    await repo.supersedeRevision(trx, itemId, item.publishedRevisionNo, at)
  await repo.updateItemIf(
    trx,
    itemId,
    {},
    {
      publicId,
      itemState: 'published',
      publishedRevisionNo: revision.revisionNo,
      firstPublishedAt: item.firstPublishedAt ?? toShanghaiText(publishedAt),
      withdrawalReason: null,
      withdrawnAt: null,
      withdrawnBy: null,
      updatedAt: at,
    },
  )
  return { kind: item.kind, publicId }
}

export async function withdraw(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  id: number,
  input: { reason: string },
) {
  const { db, changes, stamp, itemOrRefuse, note } = context
  const item = await itemOrRefuse(id)
  const refusal = new Refusal(409, '该内容当前未在公开页面发布，无需撤回')
  if (item.itemState !== 'published' || item.publicId === null) throw refusal
  const publicId = item.publicId
  const published = await repo.findRevision(db, id, item.publishedRevisionNo!)
  const neverWithdrawn = published
    ? kindDefinition(item.kind as ContentKind).withdrawalRefusal?.(
        fieldsOf(item.kind, published),
      )
    : null
  if (neverWithdrawn) throw new Refusal(409, neverWithdrawn)
  const at = stamp()
  let unscheduled = 0
  await db.transaction().execute(async (trx) => {
    const isWithdrawn = await repo.updateItemIf(
      trx,
      id,
      { itemState: 'published' },
      {
        itemState: 'withdrawn',
        withdrawalReason: input.reason,
        withdrawnAt: at,
        withdrawnBy: actor.accountId,
        updatedAt: at,
      },
    )
    if (!isWithdrawn) throw refusal
    await kindDefinition(item.kind as ContentKind).publisher.withdraw(
      trx,
      publicId,
      { at, reason: input.reason },
    )
    unscheduled = await repo.unscheduleRevisionsOf(trx, id, at)
  })
  await note(actor, place, 'withdraw', id, {
    reason: input.reason,
    publicId,
    unscheduled,
  })
  await changes.announce({ kind: item.kind, publicId, action: 'withdraw' })
  return detail(context, actor, id)
}
