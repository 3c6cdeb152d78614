import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

export async function pageProjectChoices(
  db: Kysely<Database>,
  filter: { keyword?: string; limit: number; offset: number },
) {
  let query = db.selectFrom('project')
  const keyword = filter.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    query = query.where((eb) =>
      eb.or(
        (['name', 'code'] as const).map(
          (column) =>
            sql<boolean>`${eb.ref(column)} like ${pattern} escape '\\'`,
        ),
      ),
    )
  }
  const [countRow, rows] = await Promise.all([
    query
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    query
      .select(['id', 'code', 'name', 'category', 'withdrawnAt'])
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ])
  return { rows, total: Number(countRow.total) }
}

export const findProjectFacts = (db: Kysely<Database>, id: number) =>
  db
    .selectFrom('project')
    .select([
      'id',
      'code',
      'name',
      'category',
      'tenderer',
      'publishTime',
      'withdrawnAt',
      'withdrawalReason',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
