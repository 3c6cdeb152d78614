import type { Kysely } from 'kysely'

import type { SearchType } from '#common/constants/search.ts'
import type { Database } from '#server/db/schema.ts'
import {
  deleteSearchDocuments,
  type SearchRef,
  upsertSearchDocuments,
} from './search-repository.ts'
import { workerTask } from '#server/shared/worker-pool.ts'

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
// both engines index the same text so they find the same documents. Sources need give no more
// (htmlToTextPrefix).
export const INDEXED_BODY_MAX = 16_000

const termsInWorker = workerTask<string, string>(
  import.meta.url,
  './search-terms-worker',
  { busyMessage: '系统繁忙，暂时无法处理正文，请稍后重试', budgetMs: 10_000 },
)

// A publication in answer to a request indexes one document or a project's few: the terms of a
// long body are made in a worker thread (16,000 characters took 10–38 ms of the loop). Bulk
// writes (seeds, imports, the index rebuilt) answer no visitor and make them on the loop.
const OFF_LOOP_BODY = 4_000
const OFF_LOOP_BATCH = 8

async function bodyTermsOf(bodies: string[]): Promise<string[]> {
  if (bodies.length > OFF_LOOP_BATCH) return bodies.map(toIndexTerms)
  const terms: string[] = []
  // One at a time: the pool's queue is shared with every other request's work.
  for (const body of bodies)
    terms.push(
      body.length > OFF_LOOP_BODY
        ? await termsInWorker(body)
        : toIndexTerms(body),
    )
  return terms
}

// Every content writer calls this in its own transaction.
export async function indexSearchDocuments(
  db: Kysely<Database>,
  documents: SearchDocumentInput[],
): Promise<void> {
  const bodies = documents.map((doc) => doc.body.slice(0, INDEXED_BODY_MAX))
  const bodyTerms = await bodyTermsOf(bodies)
  await upsertSearchDocuments(
    db,
    documents.map((doc, i) => {
      const body = bodies[i]!
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
        bodyTerms: bodyTerms[i]!,
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
