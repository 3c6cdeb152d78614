import type { Kysely } from 'kysely'

import {
  type ItemState,
  ROLE_EDITOR,
  ROLE_REVIEWER,
  type ReviewOutcome,
  type RevisionState,
} from '#common/constants/content.ts'
import {
  contentCategoryName,
  type ContentKind,
} from '#common/schemas/content/registry.ts'
import type {
  ContentAction,
  ContentDashboard,
  ContentItemDetail,
  ContentItemPage,
  ContentItemQuery,
  ContentPublicView,
  RevisionDiff,
  RevisionSummary,
  RevisionView,
} from '#common/schemas/content/workflow.ts'
import type { ContentRevisionRow, Database } from '#server/db/schema.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { fromShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import type { FileFacts } from '../kinds/kind-definition.ts'
import { type AnyContentFields, kindDefinition } from '../kinds/registry.ts'
import { findFileFacts } from '../content-file-repository.ts'
import { countQueues, findItemPage } from '../content-list-repository.ts'
import * as repo from '../content-repository.ts'
import { compareReadableFields } from '../revision-diff.ts'
import {
  type ContentActor,
  EDITABLE,
  fieldsOf,
  hasWritten,
  type WorkflowContext,
} from './workflow-context.ts'

async function fileFacts(
  db: Kysely<Database>,
  kind: ContentKind,
  fieldsList: AnyContentFields[],
): Promise<Map<string, FileFacts>> {
  const definition = kindDefinition(kind)
  const ids = fieldsList.flatMap((fields) => {
    const { attachments, cover } = definition.files(fields)
    return [...attachments, ...(cover ? [cover] : [])]
  })
  const facts = await findFileFacts(db, [...new Set(ids)])
  return new Map(facts.map((file) => [file.id, file]))
}

async function reviewsOf(
  db: Kysely<Database>,
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
    editedAt: row.editedAt ?? row.createdAt,
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
  withdrawalRefusal: string | null,
): ContentAction[] {
  const isEditor = actor.roles.includes(ROLE_EDITOR)
  const isReviewer = actor.roles.includes(ROLE_REVIEWER)
  const actions: ContentAction[] = []
  const state = latest.state as RevisionState
  if (isEditor && EDITABLE.includes(state))
    actions.push('save', 'submit', 'discard')
  else if (isEditor && ['published', 'superseded', 'discarded'].includes(state))
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

export async function detail(
  context: WorkflowContext,
  actor: ContentActor,
  id: number,
): Promise<ContentItemDetail> {
  const { db, itemOrRefuse } = context
  const item = await itemOrRefuse(id)
  const kind = item.kind as ContentKind
  const revisions = await repo.findNamedRevisions(db, id)
  const working = revisions.find((r) => r.revisionNo === item.latestRevisionNo)!
  const published = revisions.find(
    (r) => r.revisionNo === item.publishedRevisionNo,
  )
  const fields = fieldsOf(kind, working)
  // Every revision's files, so that an older revision restored as a new draft keeps the names
  // of its pictures and attachments.
  const files = await fileFacts(
    db,
    kind,
    revisions.map((row) => fieldsOf(kind, row)),
  )
  const reviews = await reviewsOf(db, revisions)
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

export async function list(
  context: WorkflowContext,
  query: ContentItemQuery,
): Promise<ContentItemPage> {
  const { db } = context
  const { rows, total } = await findItemPage(db, query)
  const reviews = await reviewsOf(db, rows)
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

export async function dashboard(
  context: WorkflowContext,
  actor: ContentActor,
): Promise<ContentDashboard> {
  const { db } = context
  return countQueues(db, actor.accountId)
}

async function namedRevision(
  context: WorkflowContext,
  id: number,
  revisionNo: number,
) {
  const { db, itemOrRefuse } = context
  const item = await itemOrRefuse(id)
  const row = await repo.findNamedRevision(db, id, revisionNo)
  if (!row) throw new Refusal(404, `该内容没有第${revisionNo}版修订`)
  return { item, row, kind: item.kind as ContentKind }
}

export async function revision(
  context: WorkflowContext,
  id: number,
  revisionNo: number,
): Promise<RevisionView> {
  const { db } = context
  const { row, kind } = await namedRevision(context, id, revisionNo)
  return {
    ...toSummary(row, await reviewsOf(db, [row])),
    kind,
    fields: fieldsOf(kind, row),
  } as RevisionView
}

export async function diff(
  context: WorkflowContext,
  id: number,
  from: number,
  to: number,
): Promise<RevisionDiff> {
  const { db } = context
  const a = await namedRevision(context, id, from)
  const b = await namedRevision(context, id, to)
  const definition = kindDefinition(a.kind)
  const fieldsA = fieldsOf(a.kind, a.row)
  const fieldsB = fieldsOf(b.kind, b.row)
  const files = await fileFacts(db, a.kind, [fieldsA, fieldsB])
  const fileName = (fileId: string) => files.get(fileId)?.name ?? fileId
  return {
    from,
    to,
    fields: await compareReadableFields(
      definition.readable(fieldsA, fileName),
      definition.readable(fieldsB, fileName),
    ),
  }
}

export async function publicView(
  context: WorkflowContext,
  id: number,
  revisionNo: number,
): Promise<ContentPublicView> {
  const { db, now } = context
  const { item, row, kind } = await namedRevision(context, id, revisionNo)
  const fields = fieldsOf(kind, row)
  const at = row.publishedAt ?? row.publishAt
  return kindDefinition(kind).publisher.preview(db, {
    publicId: item.publicId,
    fields,
    publishAt: at ? fromShanghaiText(at) : now(),
    correction: row.isCorrection ? { note: row.correctionNote } : null,
    files: await fileFacts(db, kind, [fields]),
  })
}
