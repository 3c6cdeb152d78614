// Visitors of whom no two ask for the same page (crawlers walking the articles, deep paging,
// searches).
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
