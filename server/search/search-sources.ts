import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  type SearchDocumentInput,
} from './search-index.ts'
import {
  countSearchDocuments,
  deleteAllSearchDocuments,
} from './search-repository.ts'

// So the search area reads no other area's tables.
export type SearchSource = {
  // An empty index with content is rebuilt at start.
  count: (db: Kysely<Database>) => Promise<number>
  entriesAfter: (
    db: Kysely<Database>,
    afterId: number,
    limit: number,
  ) => Promise<{ id: number; document: SearchDocumentInput }[]>
}

export function searchSource<Row extends { id: number }>(
  count: SearchSource['count'],
  read: (
    db: Kysely<Database>,
    afterId: number,
    limit: number,
  ) => Promise<Row[]>,
  toDocument: (row: Row) => SearchDocumentInput,
): SearchSource {
  return {
    count,
    entriesAfter: async (db, afterId, limit) =>
      (await read(db, afterId, limit)).map((row) => ({
        id: row.id,
        document: toDocument(row),
      })),
  }
}

const REBUILD_BATCH = 500

async function indexAll(
  db: Kysely<Database>,
  source: SearchSource,
): Promise<number> {
  let written = 0
  for (let afterId = 0; ;) {
    const entries = await source.entriesAfter(db, afterId, REBUILD_BATCH)
    if (entries.length === 0) return written
    await indexSearchDocuments(
      db,
      entries.map((entry) => entry.document),
    )
    written += entries.length
    afterId = entries.at(-1)!.id
  }
}

export async function rebuildSearchIndex(
  db: Kysely<Database>,
  sources: SearchSource[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await deleteAllSearchDocuments(trx)
    let written = 0
    for (const source of sources) written += await indexAll(trx, source)
    return written
  })
}

// An empty index while content exists (a database from before the search index, or content
// loaded by a tool that bypassed the writers) is rebuilt.
export async function ensureSearchIndex(
  db: Kysely<Database>,
  sources: SearchSource[],
): Promise<number | null> {
  if ((await countSearchDocuments(db)) > 0) return null
  let content = 0
  for (const source of sources) content += await source.count(db)
  if (content === 0) return null
  return rebuildSearchIndex(db, sources)
}
