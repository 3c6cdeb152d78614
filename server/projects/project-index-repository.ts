// What a rebuild of the search index reads of projects: the rows on the public side, by id.

import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'

import { publicAnnouncements } from './project-repository.ts'

/** Projects on the public side by id from `afterId`, for a rebuild of the index. */
export async function findProjectsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('project')
    .selectAll()
    .where('id', '>', afterId)
    .where('withdrawnAt', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Stage announcements on the public side by id from `afterId`, for a rebuild of the index. */
export async function findAnnouncementsAfter(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
) {
  return publicAnnouncements(db)
    .select([
      'a.id',
      'a.projectId',
      'a.stage',
      'a.title',
      'a.content',
      'a.publishTime',
    ])
    .where('a.id', '>', afterId)
    .orderBy('a.id')
    .limit(limit)
    .execute()
}
