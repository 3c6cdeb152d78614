import { contentAuditTarget } from '#common/audit-text.ts'
import type { Kysely } from 'kysely'

import {
  CONTENT_REFUSALS,
  type RevisionState,
} from '#common/constants/content.ts'
import type { ContentKind } from '#common/schemas/content/registry.ts'
import type { RevisionBase } from '#common/schemas/content/workflow.ts'
import type { ContentRevisionRow, Database } from '#server/db/schema.ts'
import type { ContentChanges } from '#server/shared/content-changes.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import type { AuditNote, StaffActor } from '#server/staff/staff-service.ts'

import { kindDefinition } from '../kinds/registry.ts'
import * as repo from '../content-repository.ts'

export type ContentActor = Pick<
  StaffActor,
  'accountId' | 'accountName' | 'displayName' | 'roles'
>
export type RequestPlace = { address: string }

export type ContentWorkflowOptions = {
  db: Kysely<Database>
  changes: ContentChanges
  audit: (note: AuditNote) => Promise<void>
  now?: () => Date
}

export const EDITABLE: RevisionState[] = ['draft', 'returned']
export const REVIEWED: RevisionState[] = [
  'scheduled',
  'published',
  'returned',
  'superseded',
]

const notFound = () => new Refusal(404, '该内容不存在')
export const stale = () => new Refusal(409, CONTENT_REFUSALS.stale)
export const alreadyReviewed = () =>
  new Refusal(409, CONTENT_REFUSALS.alreadyReviewed)

/** Whether the person wrote or saved the revision: then they may not review it (先审后发). */
export const hasWritten = (row: { editorIds: string }, accountId: number) =>
  row.editorIds.includes(`,${accountId},`)

// A request reads one revision's fields several times (its check, its publication, its answer),
// and a kind's schema checks a long body's shape for milliseconds each time: the fields of the
// last revisions read are kept by their stored text, frozen, since every reader shares them.
const PARSED_KEPT = 16
const parsed = new Map<string, { kind: string; fields: unknown }>()

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

export function fieldsOf(
  kind: string,
  row: Pick<ContentRevisionRow, 'fields'>,
) {
  const schema = kindDefinition(kind as ContentKind).schema
  const kept = parsed.get(row.fields)
  if (kept?.kind === kind) {
    // The most recently read stays longest.
    parsed.delete(row.fields)
    parsed.set(row.fields, kept)
    return kept.fields as ReturnType<typeof schema.parse>
  }
  const fields = deepFreeze(schema.parse(JSON.parse(row.fields)))
  parsed.set(row.fields, { kind, fields })
  if (parsed.size > PARSED_KEPT) parsed.delete(parsed.keys().next().value!)
  return fields
}

export function checkBase(latest: ContentRevisionRow, base: RevisionBase) {
  if (latest.revisionNo !== base.revisionNo || latest.version !== base.version)
    throw stale()
}

export function createWorkflowContext({
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

  async function latestOf(item: { id: number; latestRevisionNo: number }) {
    const latest = await repo.findRevision(db, item.id, item.latestRevisionNo)
    if (!latest) throw notFound()
    return latest
  }

  async function latestTitle(itemId: number) {
    const item = await repo.findItem(db, itemId)
    const latest = item
      ? await repo.findRevision(db, itemId, item.latestRevisionNo)
      : undefined
    return latest?.title
  }

  async function note(
    actor: ContentActor | null,
    place: RequestPlace,
    action: string,
    itemId: number,
    detail: Record<string, unknown>,
  ) {
    // Named by number and title, so the auditor finds it by either; read only when the step
    // did not bring the title along (creating and saving do).
    const title =
      typeof detail.title === 'string'
        ? detail.title
        : await latestTitle(itemId)
    await audit({
      actor,
      accountName: actor ? undefined : '（定时发布）',
      address: place.address,
      action: `content.${action}`,
      target: contentAuditTarget(itemId, title),
      detail,
    })
  }

  return { db, changes, audit, now, stamp, itemOrRefuse, latestOf, note }
}

export type WorkflowContext = ReturnType<typeof createWorkflowContext>
