import type { Kysely } from 'kysely'
import type { z } from 'zod'

import {
  CONTENT_REFUSALS,
  contentCategoryName,
  type ContentKind,
  type ItemState,
  MAX_SCHEDULE_DAYS,
  ROLE_EDITOR,
  ROLE_REVIEWER,
  type ReviewOutcome,
  type RevisionState,
} from '#common/constants/content.ts'
import type { StaffRole } from '#common/constants/staff.ts'
import type {
  ContentAction,
  ContentDashboard,
  ContentFields,
  ContentItemDetail,
  ContentItemPage,
  ContentItemQuery,
  ContentPublicView,
  RevisionBase,
  RevisionDiff,
  RevisionSummary,
  RevisionView,
  SaveDraft,
} from '#common/schemas/content/workflow.ts'
import { isUniqueViolation } from '#server/db/database-engine.ts'
import type { ContentRevisionRow, Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import type { ContentChanges } from '#server/shared/content-changes.ts'
import {
  fromShanghaiText,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import type { AuditNote, StaffActor } from '#server/staff/staff-service.ts'

import type { CheckContext, FileFacts } from './kinds/kind-definition.ts'
import { type AnyContentFields, kindDefinition } from './kinds/registry.ts'
import * as repo from './content-repository.ts'
import { diffReadableFields } from './revision-diff.ts'

/** Who acts: a person signed in, or a program with their token (server/staff). */
export type ContentActor = Pick<
  StaffActor,
  'accountId' | 'accountName' | 'displayName' | 'roles'
>
export type RequestPlace = { address: string }

export type ContentWorkflowOptions = {
  db: Kysely<Database>
  /** Publications and withdrawals are announced to every cache (server/shared). */
  changes: ContentChanges
  /** The staff audit log: every action, and what the scheduler publishes. */
  audit: (note: AuditNote) => Promise<void>
  now?: () => Date
}

const EDITABLE: RevisionState[] = ['draft', 'returned']
/** States a revision is in once a reviewer has decided on it. */
const REVIEWED: RevisionState[] = [
  'scheduled',
  'published',
  'returned',
  'superseded',
]
const DAY_MS = 86_400_000

const notFound = () => new Refusal(404, '该内容不存在')
const stale = () => new Refusal(409, CONTENT_REFUSALS.stale)
const alreadyReviewed = () => new Refusal(409, CONTENT_REFUSALS.alreadyReviewed)

const editorList = (row: { editorIds: string }, accountId: number) =>
  row.editorIds.includes(`,${accountId},`)
    ? row.editorIds
    : `${row.editorIds || ','}${accountId},`

/** Whether the person wrote or saved the revision: then they may not review it (先审后发). */
const hasWritten = (row: { editorIds: string }, accountId: number) =>
  row.editorIds.includes(`,${accountId},`)

function parseOrRefuse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  throw new Refusal(400, parsed.error.issues[0]?.message ?? '内容格式错误')
}

/**
 * The content workflow (先审后发): an editor (内容编辑) writes a revision and submits it; a
 * reviewer (内容审核) who did not write it approves it, now or at a time, or returns it with a
 * comment; a published item is corrected through a new revision or withdrawn with a reason.
 * Every change names the revision it was based on and is made only if nobody changed that
 * revision first (a conditional update on its version), so a stale edit or a second approval
 * changes nothing. A publication projects the revision into the public tables through its
 * kind's publisher, in the same transaction, and is then announced to every cache.
 */
export function createContentWorkflow({
  db,
  changes,
  audit,
  now = () => new Date(),
}: ContentWorkflowOptions) {
  const stamp = () => toShanghaiText(now())

  async function itemOrRefuse(id: number) {
    const item = await repo.findItem(db, id)
    if (!item) throw notFound()
    return item
  }

  function fieldsOf(kind: string, row: Pick<ContentRevisionRow, 'fields'>) {
    return kindDefinition(kind as ContentKind).schema.parse(
      JSON.parse(row.fields),
    )
  }

  async function latestOf(item: { id: number; latestRevisionNo: number }) {
    const latest = await repo.findRevision(db, item.id, item.latestRevisionNo)
    if (!latest) throw notFound()
    return latest
  }

  function checkBase(latest: ContentRevisionRow, base: RevisionBase) {
    if (
      latest.revisionNo !== base.revisionNo ||
      latest.version !== base.version
    )
      throw stale()
  }

  async function note(
    actor: ContentActor | null,
    place: RequestPlace,
    action: string,
    itemId: number,
    detail: Record<string, unknown>,
  ) {
    await audit({
      actor,
      accountName: actor ? undefined : '（定时发布）',
      address: place.address,
      action: `content.${action}`,
      target: `content/items/${itemId}`,
      detail,
    })
  }

  /**
   * The fields to store: the kind's schema over what the sanitizer left (a body of nothing
   * but script is empty, and refused as such), the kind's rules against the database, and only
   * stored files uploaded for content.
   */
  async function prepareFields(
    input: ContentFields,
    context: CheckContext,
  ): Promise<AnyContentFields> {
    const kind = kindDefinition(input.kind)
    const fields = parseOrRefuse(kind.schema, kind.normalize(input.fields))
    await kind.check?.(db, fields, context)
    const { attachments, cover, images } = kind.files(fields)
    const named = [
      ...new Set([...attachments, ...(cover ? [cover] : []), ...images]),
    ]
    const known = new Set(await repo.contentUploadsAmong(db, named))
    if (attachments.some((id) => !known.has(id)))
      throw new Refusal(400, '附件须先通过本系统上传，请重新上传')
    if (cover && !known.has(cover))
      throw new Refusal(400, '封面图片须先通过本系统上传，请重新上传')
    if (images.some((id) => !known.has(id)))
      throw new Refusal(400, '正文中的图片须通过编辑器上传，请重新插入图片')
    if (cover) {
      const [facts] = await repo.findFileFacts(db, [cover])
      if (!facts?.mime.startsWith('image/'))
        throw new Refusal(400, '封面须为图片（jpg、png、gif、bmp）')
    }
    return fields
  }

  /** What the fields claim among the items of their kind (a project's number…); null: none. */
  function claimOf(kind: ContentKind, fields: AnyContentFields) {
    return kindDefinition(kind).claim?.key(fields) ?? null
  }

  /** A claim another item holds is refused, naming that item (edit it instead). */
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
      throw new Refusal(
        409,
        kindDefinition(kind).claim!.refusal(fields, holder),
      )
  }

  /** Runs `write`; a claim taken by someone else at the same moment is refused as above. */
  async function claiming<T>(
    kind: ContentKind,
    fields: AnyContentFields,
    itemId: number | null,
    write: () => Promise<T>,
  ): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (!isUniqueViolation(error) || claimOf(kind, fields) === null)
        throw error
      await checkClaim(db, kind, fields, itemId)
      throw error
    }
  }

  async function fileFacts(
    kind: ContentKind,
    fieldsList: AnyContentFields[],
  ): Promise<Map<string, FileFacts>> {
    const definition = kindDefinition(kind)
    const ids = fieldsList.flatMap((fields) => {
      const { attachments, cover } = definition.files(fields)
      return [...attachments, ...(cover ? [cover] : [])]
    })
    const facts = await repo.findFileFacts(db, [...new Set(ids)])
    return new Map(facts.map((file) => [file.id, file]))
  }

  /** The reviews of these revisions, by revision id, for their summaries. */
  async function reviewsOf(
    rows: { id: number }[],
  ): Promise<Map<number, repo.ReviewRow[]>> {
    const byRevision = new Map<number, repo.ReviewRow[]>()
    for (const review of await repo.findReviews(
      db,
      rows.map((row) => row.id),
    )) {
      const list = byRevision.get(review.revisionId) ?? []
      list.push(review)
      byRevision.set(review.revisionId, list)
    }
    return byRevision
  }

  function toSummary(
    row: repo.NamedRevisionRow,
    reviews: Map<number, repo.ReviewRow[]>,
  ): RevisionSummary {
    return {
      revisionNo: row.revisionNo,
      version: row.version,
      state: row.state as RevisionState,
      isCorrection: row.isCorrection === 1,
      correctionNote: row.correctionNote,
      authorName: row.authorName,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      submittedAt: row.submittedAt,
      reviewerName: row.reviewerName,
      reviewedAt: row.reviewedAt,
      reviewComment: row.reviewComment,
      publishAt: row.publishAt,
      publishedAt: row.publishedAt,
      publisherName: row.publisherName,
      reviews: (reviews.get(row.id) ?? []).map((review) => ({
        outcome: review.outcome as ReviewOutcome,
        reviewerName: review.reviewerName,
        comment: review.comment,
        publishAt: review.publishAt,
        at: review.at,
      })),
    }
  }

  function allowedActions(
    actor: ContentActor,
    item: { itemState: string },
    latest: Pick<ContentRevisionRow, 'state' | 'editorIds'>,
    /** Why this item is never withdrawn (its kind's rule), or null. */
    withdrawalRefusal: string | null,
  ): ContentAction[] {
    const isEditor = actor.roles.includes(ROLE_EDITOR)
    const isReviewer = actor.roles.includes(ROLE_REVIEWER)
    const actions: ContentAction[] = []
    const state = latest.state as RevisionState
    if (isEditor && EDITABLE.includes(state))
      actions.push('save', 'submit', 'discard')
    else if (
      isEditor &&
      ['published', 'superseded', 'discarded'].includes(state)
    )
      actions.push('save')
    if (
      isReviewer &&
      state === 'submitted' &&
      !hasWritten(latest, actor.accountId)
    )
      actions.push('approve', 'return')
    if (isReviewer && state === 'scheduled') actions.push('cancel-schedule')
    if (
      isReviewer &&
      item.itemState === 'published' &&
      withdrawalRefusal === null
    )
      actions.push('withdraw')
    return actions
  }

  function publicPathOf(
    kind: ContentKind,
    publicId: number | null,
    publishedFields: string | null | undefined,
  ) {
    if (publicId === null || !publishedFields) return null
    return kindDefinition(kind).publicPath(
      publicId,
      fieldsOf(kind, { fields: publishedFields }),
    )
  }

  async function detail(
    actor: ContentActor,
    id: number,
  ): Promise<ContentItemDetail> {
    const item = await itemOrRefuse(id)
    const kind = item.kind as ContentKind
    const revisions = await repo.findNamedRevisions(db, id)
    const working = revisions.find(
      (r) => r.revisionNo === item.latestRevisionNo,
    )!
    const published = revisions.find(
      (r) => r.revisionNo === item.publishedRevisionNo,
    )
    const fields = fieldsOf(kind, working)
    const files = await fileFacts(kind, [fields])
    const reviews = await reviewsOf(revisions)
    return {
      id: item.id,
      kind,
      itemState: item.itemState as ItemState,
      publicPath: publicPathOf(kind, item.publicId, published?.fields),
      publishedRevisionNo: item.publishedRevisionNo,
      withdrawal:
        item.withdrawnAt && item.withdrawalReason !== null
          ? {
              reason: item.withdrawalReason,
              at: item.withdrawnAt,
              byName: await repo.findAccountName(db, item.withdrawnBy),
            }
          : null,
      working: { ...toSummary(working, reviews), kind, fields } as RevisionView,
      history: revisions.map((row) => toSummary(row, reviews)),
      files: [...files.values()].map((file) => ({
        ...file,
        url: fileUrl(file.id, file.name),
      })),
      allowedActions: allowedActions(
        actor,
        item,
        working,
        kindDefinition(kind).withdrawalRefusal?.(fields) ?? null,
      ),
    }
  }

  async function list(query: ContentItemQuery): Promise<ContentItemPage> {
    const { rows, total } = await repo.findItemPage(db, query)
    const reviews = await reviewsOf(rows)
    return {
      total,
      items: rows.map((row) => {
        const kind = row.kind as ContentKind
        const categoryId = row.categoryId ?? 0
        return {
          id: row.itemId,
          kind,
          categoryId,
          categoryName: contentCategoryName(kind, row.categoryId),
          title: row.title,
          itemState: row.itemState as ItemState,
          publishedAt: row.firstPublishedAt,
          latest: toSummary(row, reviews),
          publicPath: publicPathOf(kind, row.publicId, row.publishedFields),
        }
      }),
    }
  }

  async function dashboard(actor: ContentActor): Promise<ContentDashboard> {
    return repo.countQueues(db, actor.accountId)
  }

  async function create(
    actor: ContentActor,
    place: RequestPlace,
    input: ContentFields,
  ): Promise<ContentItemDetail> {
    const fields = await prepareFields(input, { publicId: null })
    const at = stamp()
    const listing = kindDefinition(input.kind).listing(fields)
    const id = await claiming(input.kind, fields, null, () =>
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
    return detail(actor, id)
  }

  /**
   * Saves the working draft: a draft or returned revision is changed in place; after a
   * published (or discarded) one a new revision starts, a correction when so marked.
   */
  async function saveDraft(
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    input: SaveDraft,
  ): Promise<ContentItemDetail> {
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
    const fields = await prepareFields(input, { publicId: item.publicId })
    const listing = kindDefinition(kind).listing(fields)
    const at = stamp()
    const written = {
      ...listing,
      fields: JSON.stringify(fields),
      isCorrection: input.isCorrection ? 1 : 0,
      correctionNote: input.isCorrection ? input.correctionNote : '',
      updatedAt: at,
    }
    let revisionNo = latest.revisionNo
    const uniqueKey = claimOf(kind, fields)
    await claiming(kind, fields, id, () =>
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
    return detail(actor, id)
  }

  /**
   * What an item's published revision claims, unless another item took it meanwhile (its
   * publisher refuses a clash then); null when it was never published.
   */
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

  /** A change of the latest revision's state by its editor: submit or discard. */
  async function editorStep(
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    base: RevisionBase,
    step: { action: 'submit' | 'discard'; to: RevisionState },
  ) {
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
    return detail(actor, id)
  }

  /**
   * The checks before a review: the revision the reviewer read is still the one waiting (one
   * already approved or returned by someone else is 「该修订已被他人审核」), and the reviewer
   * did not write it.
   */
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

  /**
   * Why a conditional update of a revision found it changed: reviewed by another, or edited.
   * Read in the transaction that tried (on SQLite the only connection is the transaction's).
   */
  async function lostRace(
    trx: Kysely<Database>,
    revision: ContentRevisionRow,
  ): Promise<Refusal> {
    const now = await repo.findRevision(
      trx,
      revision.itemId,
      revision.revisionNo,
    )
    return now && REVIEWED.includes(now.state as RevisionState)
      ? alreadyReviewed()
      : stale()
  }

  /**
   * Puts a revision on the public side (inside `trx`, after it was claimed): the kind's
   * publisher writes the public rows, the revision it replaces is kept as superseded, and the
   * item is published (again, after a withdrawal).
   */
  async function project(
    trx: Kysely<Database>,
    itemId: number,
    revision: ContentRevisionRow,
    publishedAt: Date,
  ) {
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

  function checkSchedule(publishAt: string): void {
    const when = fromShanghaiText(publishAt)
    if (Number.isNaN(when.getTime())) throw new Refusal(400, '定时发布时间无效')
    if (when.getTime() <= now().getTime())
      throw new Refusal(400, CONTENT_REFUSALS.pastSchedule)
    if (when.getTime() > now().getTime() + MAX_SCHEDULE_DAYS * DAY_MS)
      throw new Refusal(400, `定时发布时间须在${MAX_SCHEDULE_DAYS}天以内`)
  }

  /** Approves the latest revision: published now, or scheduled for `publishAt`. */
  async function approve(
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    input: { base: RevisionBase; publishAt?: string },
  ) {
    const item = await itemOrRefuse(id)
    const latest = await latestOf(item)
    checkReview(actor, latest, input.base)
    if (input.publishAt !== undefined) checkSchedule(input.publishAt)
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
      return project(trx, id, latest, now())
    })
    await note(actor, place, 'approve', id, {
      revisionNo: latest.revisionNo,
      ...(input.publishAt
        ? { state: 'scheduled', publishAt: input.publishAt }
        : { state: 'published' }),
    })
    if (published) await changes.announce({ ...published, action: 'publish' })
    return detail(actor, id)
  }

  async function returnRevision(
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    input: { base: RevisionBase; comment: string },
  ) {
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
    return detail(actor, id)
  }

  /** A scheduled revision waits for review again, to be approved now, rescheduled or returned. */
  async function cancelSchedule(
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    base: RevisionBase,
  ) {
    const item = await itemOrRefuse(id)
    const latest = await latestOf(item)
    checkBase(latest, base)
    if (latest.state !== 'scheduled')
      throw new Refusal(409, '该修订没有定时发布')
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
    return detail(actor, id)
  }

  /** Off the public side with a reason; its public address then says so. */
  async function withdraw(
    actor: ContentActor,
    place: RequestPlace,
    id: number,
    input: { reason: string },
  ) {
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
    return detail(actor, id)
  }

  async function namedRevision(id: number, revisionNo: number) {
    const item = await itemOrRefuse(id)
    const row = await repo.findNamedRevision(db, id, revisionNo)
    if (!row) throw new Refusal(404, `该内容没有第${revisionNo}版修订`)
    return { item, row, kind: item.kind as ContentKind }
  }

  async function revision(
    id: number,
    revisionNo: number,
  ): Promise<RevisionView> {
    const { row, kind } = await namedRevision(id, revisionNo)
    return {
      ...toSummary(row, await reviewsOf([row])),
      kind,
      fields: fieldsOf(kind, row),
    } as RevisionView
  }

  async function diff(
    id: number,
    from: number,
    to: number,
  ): Promise<RevisionDiff> {
    const a = await namedRevision(id, from)
    const b = await namedRevision(id, to)
    const definition = kindDefinition(a.kind)
    const fieldsA = fieldsOf(a.kind, a.row)
    const fieldsB = fieldsOf(b.kind, b.row)
    const files = await fileFacts(a.kind, [fieldsA, fieldsB])
    const fileName = (fileId: string) => files.get(fileId)?.name ?? fileId
    return {
      from,
      to,
      fields: diffReadableFields(
        definition.readable(fieldsA, fileName),
        definition.readable(fieldsB, fileName),
      ),
    }
  }

  /** A revision as the public page would show it (the console's preview). */
  async function publicView(
    id: number,
    revisionNo: number,
  ): Promise<ContentPublicView> {
    const { item, row, kind } = await namedRevision(id, revisionNo)
    const fields = fieldsOf(kind, row)
    const at = row.publishedAt ?? row.publishAt
    return kindDefinition(kind).publisher.preview(db, {
      publicId: item.publicId,
      fields,
      publishAt: at ? fromShanghaiText(at) : now(),
      correction: row.isCorrection ? { note: row.correctionNote } : null,
      files: await fileFacts(kind, [fields]),
    })
  }

  /** A file an editor uploaded for content: it may be named in a revision from now on. */
  async function recordUpload(
    actor: ContentActor,
    place: RequestPlace,
    file: { id: string; name: string; mime: string; size: number },
  ) {
    await repo.insertContentUploads(db, [
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

  /**
   * A scheduled revision its kind refused to publish at its time goes back to its author as
   * returned, the reason as the comment; the audit log records the refusal.
   */
  async function returnUnpublishable(
    revision: ContentRevisionRow,
    refusal: Refusal,
  ) {
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
      target: `content/items/${revision.itemId}`,
      outcome: 'refused',
      detail: { revisionNo: revision.revisionNo, reason: refusal.message },
    })
  }

  /**
   * Publishes the scheduled revisions whose time has come (at start, then every second). Each
   * is claimed by a conditional update in the transaction that publishes it, so when several
   * processes run this at once every revision is published exactly once. The public side takes
   * the scheduled time as the publication's. Returns how many it published.
   */
  async function publishDue(limit = 20): Promise<number> {
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
      let published: Awaited<ReturnType<typeof project>> | null
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
          return project(
            trx,
            revision.itemId,
            revision,
            fromShanghaiText(revision.publishAt!),
          )
        })
      } catch (error) {
        // Its project withdrawn since the approval, say: back to its author, saying why.
        if (!(error instanceof Refusal)) throw error
        await returnUnpublishable(revision, error)
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

  return {
    list,
    dashboard,
    detail,
    create,
    saveDraft,
    submit: (
      actor: ContentActor,
      place: RequestPlace,
      id: number,
      base: RevisionBase,
    ) =>
      editorStep(actor, place, id, base, { action: 'submit', to: 'submitted' }),
    discard: (
      actor: ContentActor,
      place: RequestPlace,
      id: number,
      base: RevisionBase,
    ) =>
      editorStep(actor, place, id, base, {
        action: 'discard',
        to: 'discarded',
      }),
    approve,
    returnRevision,
    cancelSchedule,
    withdraw,
    revision,
    diff,
    publicView,
    recordUpload,
    publishDue,
  }
}

export type ContentWorkflow = ReturnType<typeof createContentWorkflow>

/** Roles of the workflow's steps, for the routes (docs/api/staff-api.md, Content). */
export const CONTENT_ACTION_ROLE: Record<ContentAction, StaffRole> = {
  save: ROLE_EDITOR,
  submit: ROLE_EDITOR,
  discard: ROLE_EDITOR,
  approve: ROLE_REVIEWER,
  return: ROLE_REVIEWER,
  'cancel-schedule': ROLE_REVIEWER,
  withdraw: ROLE_REVIEWER,
}
