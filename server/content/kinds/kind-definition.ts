import type { Kysely } from 'kysely'
import type { z } from 'zod'

import type { ContentKind } from '#common/constants/content.ts'
import type { ContentPublicView } from '#common/schemas/content/workflow.ts'
import type { Database } from '#server/db/schema.ts'

/** A stored file as the kinds name it: for the diff, the preview and the editor's list. */
export type FileFacts = {
  id: string
  name: string
  mime: string
  size: number
}

/** The stored files a revision's fields name. */
export type FieldFiles = {
  attachments: string[]
  /** A picture the public side shows beside the text (the rotation's cover). */
  cover: string | null
  /** Pictures the body shows (<img src="/files/…">). */
  images: string[]
}

/** One field as a person reads it, for the difference between two revisions. */
export type ReadableField = { field: string; label: string; text: string }

export type PublishInput<F> = {
  /** The public row's id when the item was published before: updated in place. */
  publicId: number | null
  fields: F
  /** The item's first publication: only then does the public side take this time as its own. */
  isFirstPublication: boolean
  publishedAt: Date
  /** A correction (更正), shown with its date on the public page. */
  correction: { note: string } | null
}

export type PreviewInput<F> = {
  publicId: number | null
  fields: F
  /** When it would appear: its scheduled or publication time, or now. */
  publishAt: Date
  correction: { note: string } | null
  files: Map<string, FileFacts>
}

/**
 * Projects published revisions into the public tables the public side reads (the read model):
 * the revisions stay the source of truth.
 */
export type ContentPublisher<F> = {
  /**
   * Publishes a revision (pass a transaction); returns the public row's id. Throws a Refusal
   * when it cannot be published now (the approval then changes nothing).
   */
  publish(db: Kysely<Database>, input: PublishInput<F>): Promise<number>
  /** Takes the public row off the lists and search; its address says it was withdrawn. */
  withdraw(
    db: Kysely<Database>,
    publicId: number,
    withdrawal: { at: string; reason: string },
  ): Promise<void>
  /** First publications in bulk (the demo seed, the benchmark generator): one insert per table. */
  publishMany(
    db: Kysely<Database>,
    entries: { fields: F; publishedAt: Date }[],
  ): Promise<number[]>
  /**
   * What the public page will show for these fields, for the console's preview, in the Portal
   * API's shape of that page (ContentPublicViewOf of the kind).
   */
  preview(
    db: Kysely<Database>,
    input: PreviewInput<F>,
  ): Promise<ContentPublicView>
}

/** Where the fields are written: the item's public row once first published. */
export type CheckContext = { publicId: number | null }

/**
 * What at most one item of a kind may claim (a project's number, an announcement's project and
 * stage), and the refusal of a second one, naming the item that holds it.
 */
export type ContentClaim<F> = {
  key(fields: F): string
  refusal(fields: F, holderItemId: number): string
}

/**
 * One kind of public content (common/constants/content.ts): its fields, how a person reads
 * them, the files they name, its public address and its publisher. Articles, policies, the
 * project kinds, links, dictionaries and site settings are each one of these.
 */
export type ContentKindDefinition<F> = {
  kind: ContentKind
  /** The fields as the editor sends them and as a revision stores them (JSON). */
  schema: z.ZodType<F>
  /** The fields to store: every HTML field sanitized, nothing else changed. */
  normalize(fields: F): F
  /** The console list's title and category. */
  listing(fields: F): { title: string; categoryId: number | null }
  files(fields: F): FieldFiles
  /** Each field as text a person reads (HTML as paragraphs, files by name), in form order. */
  readable(fields: F, fileName: (id: string) => string): ReadableField[]
  /** The public page's address of the published item; null: none (a dictionary, read by the API). */
  publicPath(publicId: number, fields: F): string | null
  publisher: ContentPublisher<F>
  /**
   * Why an item with these fields is never withdrawn (the site settings, a dictionary whose
   * values the portal reads), said when asked to; absent or null: it may be.
   */
  withdrawalRefusal?(fields: F): string | null
  /**
   * Why a change of a published item of this kind is not marked as a correction: its public
   * side shows no 「更正」 (links, dictionaries, settings); absent: it may be.
   */
  correctionRefusal?: string
  /**
   * Rules the fields alone cannot tell, checked against the database whenever they are saved
   * (a Refusal with the reason): an announcement's stage in its project's tab set, a project's
   * category fixed once it has announcements. The publisher checks what must hold at the time
   * of publication (the project still published) and refuses there.
   */
  check?(db: Kysely<Database>, fields: F, context: CheckContext): Promise<void>
  claim?: ContentClaim<F>
}
