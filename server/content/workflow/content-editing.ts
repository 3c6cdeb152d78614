import type { Kysely } from 'kysely'
import type { z } from 'zod'

import type { RevisionState } from '#common/constants/content.ts'
import type { ContentKind } from '#common/schemas/content/registry.ts'
import type {
  ContentFields,
  ContentItemDetail,
  RevisionBase,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import { isUniqueViolation } from '#server/db/database-engine.ts'
import type { Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'

import type { CheckContext } from '../kinds/kind-definition.ts'
import { type AnyContentFields, kindDefinition } from '../kinds/registry.ts'
import {
  contentUploadsAmong,
  findFileFacts,
  insertContentUploads,
} from '../content-file-repository.ts'
import * as repo from '../content-repository.ts'
import {
  checkBase,
  type ContentActor,
  EDITABLE,
  fieldsOf,
  type RequestPlace,
  stale,
  type WorkflowContext,
} from './workflow-context.ts'
import { detail } from './content-reads.ts'

const editorList = (row: { editorIds: string }, accountId: number) =>
  row.editorIds.includes(`,${accountId},`)
    ? row.editorIds
    : `${row.editorIds || ','}${accountId},`

function parseOrRefuse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new Refusal(400, parsed.error.issues[0]?.message ?? '内容格式错误')
}

// A body of nothing but script is empty after sanitizing, and refused as such.
async function prepareFields(
  db: Kysely<Database>,
  input: ContentFields,
  context: CheckContext,
): Promise<AnyContentFields> {
  const kind = kindDefinition(input.kind)
  const fields = parseOrRefuse(kind.schema, await kind.normalize(input.fields))
  await kind.check?.(db, fields, context)
  const { attachments, cover, images } = kind.files(fields)
  const named = [
    ...new Set([...attachments, ...(cover ? [cover] : []), ...images]),
  ]
  const known = new Set(await contentUploadsAmong(db, named))
  if (attachments.some((id) => !known.has(id)))
    throw new Refusal(400, '附件须先通过本系统上传，请重新上传')
  if (cover && !known.has(cover))
    throw new Refusal(400, '封面图片须先通过本系统上传，请重新上传')
  if (images.some((id) => !known.has(id)))
    throw new Refusal(400, '正文中的图片须通过编辑器上传，请重新插入图片')
  if (cover) {
    const [facts] = await findFileFacts(db, [cover])
    if (!facts?.mime.startsWith('image/'))
      throw new Refusal(400, '封面须为图片（jpg、png、gif、bmp）')
  }
  return fields
}

function claimOf(kind: ContentKind, fields: AnyContentFields) {
  return kindDefinition(kind).claim?.key(fields) ?? null
}

async function checkClaim(
  trx: Kysely<Database>,
  kind: ContentKind,
  fields: AnyContentFields,
  itemId: number | null,
) {
  const key = claimOf(kind, fields)
  if (key === null) return
  const holder = await repo.findClaimHolder(trx, kind, key, itemId)
  if (holder !== null)
    throw new Refusal(409, kindDefinition(kind).claim!.refusal(fields, holder))
}

// A claim taken by someone else at the same moment is refused too.
async function claiming<T>(
  db: Kysely<Database>,
  kind: ContentKind,
  fields: AnyContentFields,
  itemId: number | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isUniqueViolation(error) || claimOf(kind, fields) === null) throw error
    await checkClaim(db, kind, fields, itemId)
    throw error
  }
}

export async function create(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  input: ContentFields,
): Promise<ContentItemDetail> {
  const { db, stamp, note } = context
  const fields = await prepareFields(db, input, { publicId: null })
  const at = stamp()
  const listing = kindDefinition(input.kind).listing(fields)
  const id = await claiming(db, input.kind, fields, null, () =>
    db.transaction().execute(async (trx) => {
      await checkClaim(trx, input.kind, fields, null)
      const id = await repo.insertItem(trx, {
        kind: input.kind,
        uniqueKey: claimOf(input.kind, fields),
        latestRevisionNo: 1,
        createdAt: at,
        updatedAt: at,
      })
      await repo.insertRevisions(trx, [
        {
          itemId: id,
          revisionNo: 1,
          state: 'draft',
          ...listing,
          fields: JSON.stringify(fields),
          authorId: actor.accountId,
          editorIds: `,${actor.accountId},`,
          createdAt: at,
          updatedAt: at,
          editedAt: at,
        },
      ])
      return id
    }),
  )
  await note(actor, place, 'create', id, {
    kind: input.kind,
    revisionNo: 1,
    title: listing.title,
  })
  return detail(context, actor, id)
}

export async function saveDraft(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  id: number,
  input: SaveDraft,
): Promise<ContentItemDetail> {
  const { db, stamp, itemOrRefuse, latestOf, note } = context
  const item = await itemOrRefuse(id)
  if (input.kind !== item.kind) throw new Refusal(400, '内容类型与原内容不符')
  const latest = await latestOf(item)
  checkBase(latest, input.base)
  const state = latest.state as RevisionState
  if (state === 'submitted')
    throw new Refusal(
      409,
      '该修订已提交审核，不能修改；如需修改，请审核人退回后再改',
    )
  if (state === 'scheduled')
    throw new Refusal(
      409,
      '该修订已定时发布，不能修改；如需修改，请审核人取消定时发布并退回后再改',
    )
  if (input.isCorrection && item.firstPublishedAt === null)
    throw new Refusal(400, '尚未发布过的内容不能作为更正发布')
  const kind = item.kind as ContentKind
  const correctionRefusal = kindDefinition(kind).correctionRefusal
  if (input.isCorrection && correctionRefusal)
    throw new Refusal(400, correctionRefusal)
  const fields = await prepareFields(db, input, { publicId: item.publicId })
  const listing = kindDefinition(kind).listing(fields)
  const at = stamp()
  const written = {
    ...listing,
    fields: JSON.stringify(fields),
    isCorrection: input.isCorrection ? 1 : 0,
    correctionNote: input.isCorrection ? input.correctionNote : '',
    updatedAt: at,
    editedAt: at,
  }
  let revisionNo = latest.revisionNo
  const uniqueKey = claimOf(kind, fields)
  await claiming(db, kind, fields, id, () =>
    db.transaction().execute(async (trx) => {
      await checkClaim(trx, kind, fields, id)
      if (EDITABLE.includes(state)) {
        const isSaved = await repo.updateRevisionIf(
          trx,
          latest.id,
          { version: input.base.version, states: EDITABLE },
          { ...written, editorIds: editorList(latest, actor.accountId) },
        )
        if (!isSaved) throw stale()
        await repo.updateItemIf(trx, id, {}, { uniqueKey, updatedAt: at })
        return
      }
      // A new revision after the published (or a discarded) one. Claiming the number on the
      // item first makes a second editor starting one at the same moment stale.
      revisionNo = latest.revisionNo + 1
      const isClaimed = await repo.updateItemIf(
        trx,
        id,
        { latestRevisionNo: latest.revisionNo },
        { latestRevisionNo: revisionNo, uniqueKey, updatedAt: at },
      )
      if (!isClaimed) throw stale()
      try {
        await repo.insertRevisions(trx, [
          {
            itemId: id,
            revisionNo,
            state: 'draft',
            ...written,
            authorId: actor.accountId,
            editorIds: `,${actor.accountId},`,
            createdAt: at,
          },
        ])
      } catch (error) {
        if (isUniqueViolation(error)) throw stale()
        throw error
      }
    }),
  )
  await note(actor, place, 'save', id, {
    revisionNo,
    isCorrection: input.isCorrection,
    title: listing.title,
  })
  return detail(context, actor, id)
}

async function publishedClaim(
  trx: Kysely<Database>,
  item: { id: number; kind: string; publishedRevisionNo: number | null },
) {
  if (item.publishedRevisionNo === null) return null
  const published = await repo.findRevision(
    trx,
    item.id,
    item.publishedRevisionNo,
  )
  const key = published
    ? claimOf(item.kind as ContentKind, fieldsOf(item.kind, published))
    : null
  if (key === null) return null
  const holder = await repo.findClaimHolder(trx, item.kind, key, item.id)
  return holder === null ? key : null
}

function editorStep(step: { action: 'submit' | 'discard'; to: RevisionState }) {
  return async (
    context: WorkflowContext,
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    base: RevisionBase,
  ) => {
    const { db, stamp, itemOrRefuse, latestOf, note } = context
    const item = await itemOrRefuse(id)
    const latest = await latestOf(item)
    checkBase(latest, base)
    if (!EDITABLE.includes(latest.state as RevisionState))
      throw new Refusal(
        409,
        step.action === 'submit'
          ? '只有草稿或被退回的修订可以提交审核'
          : '只有草稿或被退回的修订可以放弃',
      )
    const at = stamp()
    await db.transaction().execute(async (trx) => {
      const isDone = await repo.updateRevisionIf(
        trx,
        latest.id,
        { version: base.version, states: EDITABLE },
        {
          state: step.to,
          updatedAt: at,
          ...(step.action === 'submit' ? { submittedAt: at } : {}),
        },
      )
      if (!isDone) throw stale()
      await repo.updateItemIf(
        trx,
        id,
        {},
        {
          updatedAt: at,
          // A discarded draft claims nothing: the item keeps what its published revision claims.
          ...(step.action === 'discard'
            ? { uniqueKey: await publishedClaim(trx, item) }
            : {}),
        },
      )
    })
    await note(actor, place, step.action, id, {
      revisionNo: latest.revisionNo,
      state: step.to,
    })
    return detail(context, actor, id)
  }
}

export const submit = editorStep({ action: 'submit', to: 'submitted' })

export const discard = editorStep({ action: 'discard', to: 'discarded' })

export async function recordUpload(
  context: WorkflowContext,
  actor: ContentActor,
  place: RequestPlace,
  file: { id: string; name: string; mime: string; size: number },
) {
  const { db, audit, stamp } = context
  await insertContentUploads(db, [
    { fileId: file.id, accountId: actor.accountId, uploadedAt: stamp() },
  ])
  await audit({
    actor,
    address: place.address,
    action: 'content.upload',
    target: `file/${file.id}`,
    detail: { name: file.name, mime: file.mime, size: file.size },
  })
}
