import type { Kysely } from 'kysely'

import type { ContentKind } from '#common/schemas/content/registry.ts'
import type { Database, NewContentRevision } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import { type AnyContentFields, kindDefinition } from './kinds/registry.ts'
import { insertContentUploads } from './content-file-repository.ts'
import * as repo from './content-repository.ts'

// An account no one signs in with (migration 0013).
const SYSTEM_AUTHOR = 'system:content-author'
const SYSTEM_REVIEWER = 'system:content-reviewer'

/** Rows per statement: a revision row binds about 20 values, within both engines' limits. */
const BATCH = 500

export type PublishedEntry = {
  kind: ContentKind
  /** The kind's fields; HTML is sanitized here as on every write. */
  fields: AnyContentFields
  publishedAt: Date
}

// Through the same path as the console. The files the entries name are recorded as uploaded for
// content, so that editors may keep them in later revisions.
export async function importPublishedContent(
  db: Kysely<Database>,
  entries: PublishedEntry[],
  now: Date = new Date(),
): Promise<number[]> {
  if (entries.length === 0) return []
  const authorId = await repo.findSystemAccountId(db, SYSTEM_AUTHOR)
  const reviewerId = await repo.findSystemAccountId(db, SYSTEM_REVIEWER)
  const at = toShanghaiText(now)
  const prepared = await Promise.all(
    entries.map(async (entry) => {
      const kind = kindDefinition(entry.kind)
      const fields = await kind.normalize(entry.fields)
      return { ...entry, fields: kind.schema.parse(fields) }
    }),
  )

  const fileIds = new Set(
    prepared.flatMap(({ kind, fields }) => {
      const files = kindDefinition(kind).files(fields)
      return [
        ...files.attachments,
        ...(files.cover ? [files.cover] : []),
        ...files.images,
      ]
    }),
  )
  const uploads = [...fileIds].map((fileId) => ({
    fileId,
    accountId: authorId,
    uploadedAt: at,
  }))
  for (let i = 0; i < uploads.length; i += BATCH)
    await insertContentUploads(db, uploads.slice(i, i + BATCH))

  const publicIds: number[] = []
  for (let i = 0; i < prepared.length; i += BATCH) {
    const batch = prepared.slice(i, i + BATCH)
    // Each kind's publisher writes its own rows; the order of the entries is kept.
    const ids = new Array<number>(batch.length)
    for (const kind of new Set(batch.map((entry) => entry.kind))) {
      const indexes = batch.flatMap((entry, j) =>
        entry.kind === kind ? [j] : [],
      )
      const written = await kindDefinition(kind).publisher.publishMany(
        db,
        indexes.map((j) => batch[j]!),
      )
      indexes.forEach((j, k) => (ids[j] = written[k]!))
    }
    const itemIds = await repo.insertItems(
      db,
      batch.map((entry, j) => ({
        kind: entry.kind,
        publicId: ids[j]!,
        uniqueKey: kindDefinition(entry.kind).claim?.key(entry.fields) ?? null,
        itemState: 'published',
        latestRevisionNo: 1,
        publishedRevisionNo: 1,
        firstPublishedAt: toShanghaiText(entry.publishedAt),
        createdAt: toShanghaiText(entry.publishedAt),
        updatedAt: toShanghaiText(entry.publishedAt),
      })),
    )
    const revisionIds = await repo.insertRevisions(
      db,
      batch.map((entry, j): NewContentRevision => {
        const time = toShanghaiText(entry.publishedAt)
        return {
          itemId: itemIds[j]!,
          revisionNo: 1,
          state: 'published',
          ...kindDefinition(entry.kind).listing(entry.fields),
          fields: JSON.stringify(entry.fields),
          authorId,
          editorIds: `,${authorId},`,
          submittedAt: time,
          reviewerId,
          reviewedAt: time,
          publishedAt: time,
          publisherId: reviewerId,
          createdAt: time,
          updatedAt: time,
        }
      }),
    )
    await repo.insertReviews(
      db,
      batch.map((entry, j) => ({
        revisionId: revisionIds[j]!,
        reviewerId,
        outcome: 'approved',
        at: toShanghaiText(entry.publishedAt),
      })),
    )
    publicIds.push(...ids)
  }
  return publicIds
}

// Defaults written at start never replace what the console published.
export async function importUnclaimedContent(
  db: Kysely<Database>,
  entries: PublishedEntry[],
  now: Date = new Date(),
): Promise<number> {
  const fresh: PublishedEntry[] = []
  for (const kind of new Set(entries.map((entry) => entry.kind))) {
    const claim = kindDefinition(kind).claim
    const ofKind = entries.filter((entry) => entry.kind === kind)
    if (!claim) {
      fresh.push(...ofKind)
      continue
    }
    const held = await repo.findClaimHolders(
      db,
      kind,
      ofKind.map((entry) => claim.key(entry.fields)),
    )
    fresh.push(...ofKind.filter((entry) => !held.has(claim.key(entry.fields))))
  }
  await importPublishedContent(db, fresh, now)
  return fresh.length
}
