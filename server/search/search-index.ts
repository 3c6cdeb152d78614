import type { Kysely } from 'kysely'

import type { SearchType } from '#common/constants/search.ts'
import type { Database } from '#server/db/schema.ts'
import {
  deleteSearchDocuments,
  type SearchRef,
  upsertSearchDocuments,
} from './search-repository.ts'
import { toIndexTerms } from './search-terms.ts'

/** What a content writer hands the index: one searchable document and where it links. */
export type SearchDocumentInput = {
  type: SearchType
  /** Article, project or announcement id. */
  refId: number
  /** The project an announcement belongs to. */
  projectId?: number | null
  /** The announcement's trade stage (its tab on the project page). */
  stage?: string | null
  categoryId?: number | null
  /** Category or stage name shown beside the type in a result. */
  subTypeName?: string
  title: string
  /** Plain text (htmlToText of sanitized HTML), never HTML. */
  body: string
  /** 'YYYY-MM-DD HH:mm:ss' Asia/Shanghai. */
  publishTime: string
}

/**
 * How much of a body is indexed and kept for snippets. PostgreSQL records term positions only
 * up to 16,383, past which phrases could not be matched; both engines index the same text so
 * they find the same documents. A notice or a statute's chapter fits well within it.
 */
const INDEXED_BODY_MAX = 16_000

/**
 * Adds or replaces index entries: every content writer calls this (in its own transaction)
 * for what it publishes, and removeSearchDocuments for what it withdraws or deletes.
 */
export async function indexSearchDocuments(
  db: Kysely<Database>,
  documents: SearchDocumentInput[],
): Promise<void> {
  await upsertSearchDocuments(
    db,
    documents.map((doc) => {
      const body = doc.body.slice(0, INDEXED_BODY_MAX)
      return {
        type: doc.type,
        refId: doc.refId,
        projectId: doc.projectId ?? null,
        stage: doc.stage ?? null,
        categoryId: doc.categoryId ?? null,
        subTypeName: doc.subTypeName ?? '',
        title: doc.title,
        body,
        publishTime: doc.publishTime,
        titleTerms: toIndexTerms(doc.title),
        bodyTerms: toIndexTerms(body),
      }
    }),
  )
}

export async function removeSearchDocuments(
  db: Kysely<Database>,
  refs: { type: SearchType; refId: number }[],
): Promise<void> {
  await deleteSearchDocuments(db, refs satisfies SearchRef[])
}
