/**
 * The requests of the uncached workloads: visitors of whom no two ask for the same page
 * (crawlers walking the articles, deep paging, searches). Each pool is a shuffled list of
 * distinct requests to the portal, each with its counterpart on the baseline server (the
 * same filter and page, in the Portal API's terms), drawn from the database the portal serves:
 * existing article ids, and for the lists random filters and random pages up to each filter's
 * last page (counted with the baseline's statements).
 */
import type Database from 'better-sqlite3'

import { createRandom } from '#server/demo/template-context.ts'

import { createArticlePools } from './article-request-pools.ts'
import { createBaselineQueries } from './baseline-queries.ts'
import { createProjectPools } from './project-request-pools.ts'
import { type PoolContext } from './request-pool-draws.ts'
import { createSearchPools } from './search-request-pools.ts'

export function createRequestPools(db: Database.Database, seed: number) {
  // Seeded, so a run draws the same requests as the last one.
  const context: PoolContext = {
    db,
    random: createRandom(seed),
    queries: createBaselineQueries(db),
  }
  return {
    ...createArticlePools(context),
    ...createProjectPools(context),
    ...createSearchPools(context),
  }
}
