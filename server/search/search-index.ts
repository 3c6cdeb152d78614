import type { Kysely } from 'kysely'

import type { SearchType } from '#common/constants/search.ts'
import type { Database } from '#server/db/schema.ts'
import {
  deleteSearchDocuments,
  type SearchRef,
  upsertSearchDocuments,
} from './search-repository.ts'
import { toIndexTerms } from './search-terms.ts'

export type SearchDocumentInput = {
  type: SearchType
  refId: number
  projectId?: number | null
  stage?: string | null
  categoryId?: number | null
  subTypeName?: string
  title: string
  // Plain text, never HTML.
  body: string
  publishTime: string
}

// PostgreSQL records term positions only up to 16,383, past which phrases could not be matched;
// both engines index the same text so they find the same documents.
const INDEXED_BODY_MAX = 16_000

// Every content writer calls this in its own transaction.
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
