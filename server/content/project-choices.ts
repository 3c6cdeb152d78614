import type { Kysely } from 'kysely'

import { TRADE_STAGES, tradeCategory } from '#common/constants/trade.ts'
import type {
  ProjectChoicePage,
  ProjectChoiceQuery,
} from '#common/schemas/content/workflow.ts'
import type { Database } from '#server/db/schema.ts'
import { pageProjectChoices } from '#server/projects/project-content-repository.ts'

import { findClaimHolders, findItemsOfPublicIds } from './content-repository.ts'

// A second announcement for a stage is refused, so the console offers the one to edit instead.
export async function projectChoices(
  db: Kysely<Database>,
  query: ProjectChoiceQuery,
): Promise<ProjectChoicePage> {
  const { rows, total } = await pageProjectChoices(db, {
    keyword: query.keyword,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  })
  const stagesOf = (category: number) => tradeCategory(category)?.stages ?? []
  const [projectItems, announcementItems] = await Promise.all([
    findItemsOfPublicIds(
      db,
      'project',
      rows.map((row) => row.id),
    ),
    findClaimHolders(
      db,
      'announcement',
      rows.flatMap((row) =>
        stagesOf(row.category).map((stage) => `${row.id}:${stage}`),
      ),
    ),
  ])
  return {
    total,
    items: rows.map((row) => ({
      projectId: row.id,
      itemId: projectItems.get(row.id) ?? null,
      code: row.code,
      name: row.name,
      category: row.category,
      categoryName: tradeCategory(row.category)?.label ?? '',
      isWithdrawn: Boolean(row.withdrawnAt),
      stages: stagesOf(row.category).map((stage) => ({
        stage,
        stageName: TRADE_STAGES[stage],
        itemId: announcementItems.get(`${row.id}:${stage}`) ?? null,
      })),
    })),
  }
}
