import type { Kysely } from 'kysely'
import type { z } from 'zod'

import type { ContentKind } from '#common/schemas/content/registry.ts'
import type { ContentPublicView } from '#common/schemas/content/workflow.ts'
import type { Database } from '#server/db/schema.ts'

export type FileFacts = {
  id: string
  name: string
  mime: string
  size: number
}

export type FieldFiles = {
  attachments: string[]
  cover: string | null
  images: string[]
}

export type ReadableFile = { fileId: string; name: string; isImage: boolean }
/** A field as the revision compare reads it; a field of files lists them, to mark each. */
export type ReadableField = {
  field: string
  label: string
  text: string
  files?: ReadableFile[]
}

export type PublishInput<F> = {
  // Set when published before: the public row is updated in place.
  publicId: number | null
  fields: F
  // Only then does the public side take this time as its own.
  isFirstPublication: boolean
  publishedAt: Date
  correction: { note: string } | null
}

export type PreviewInput<F> = {
  publicId: number | null
  fields: F
  publishAt: Date
  correction: { note: string } | null
  files: Map<string, FileFacts>
}

// The revisions stay the source of truth.
export type ContentPublisher<F> = {
  // Pass a transaction. A Refusal leaves the approval without effect.
  publish(db: Kysely<Database>, input: PublishInput<F>): Promise<number>
  // Its address then says it was withdrawn.
  withdraw(
    db: Kysely<Database>,
    publicId: number,
    withdrawal: { at: string; reason: string },
  ): Promise<void>
  publishMany(
    db: Kysely<Database>,
    entries: { fields: F; publishedAt: Date }[],
  ): Promise<number[]>
  preview(
    db: Kysely<Database>,
    input: PreviewInput<F>,
  ): Promise<ContentPublicView>
}

export type CheckContext = { publicId: number | null }

export type ContentClaim<F> = {
  key(fields: F): string
  refusal(fields: F, holderItemId: number): string
}

export type ContentKindDefinition<F> = {
  kind: ContentKind
  schema: z.ZodType<F>
  // A promise where the work is heavy enough for a worker thread (sanitizing a body).
  normalize(fields: F): F | Promise<F>
  listing(fields: F): { title: string; categoryId: number | null }
  files(fields: F): FieldFiles
  readable(fields: F, fileName: (id: string) => string): ReadableField[]
  // null: none (a dictionary, read by the API).
  publicPath(publicId: number, fields: F): string | null
  publisher: ContentPublisher<F>
  // null or absent: it may be withdrawn.
  withdrawalRefusal?(fields: F): string | null
  // Set where the public side shows no 「更正」 (links, dictionaries, settings).
  correctionRefusal?: string
  // Rules the fields alone cannot tell, checked on every save. What must hold at the time of
  // publication (the project still published) the publisher checks.
  check?(db: Kysely<Database>, fields: F, context: CheckContext): Promise<void>
  claim?: ContentClaim<F>
}
