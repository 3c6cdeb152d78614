import { COMPLAINT_PROJECT_CATEGORY } from '#common/constants/statute.ts'

import { type TestDatabase } from './db.ts'

export async function aProject(test: TestDatabase) {
  const row = await test.db
    .selectFrom('project')
    .where('category', '=', COMPLAINT_PROJECT_CATEGORY)
    .select(['id', 'name', 'code'])
    .orderBy('id')
    .executeTakeFirstOrThrow()
  return { id: String(row.id), name: row.name, code: row.code }
}
