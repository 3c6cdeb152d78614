import { type Kysely, sql } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { idBlock } from '#server/shared/id-blocks.ts'

import { publicAnnouncements } from './project-repository.ts'

export async function findNewestAnnouncements(
  db: Kysely<Database>,
  options: { category: number | null; limit: number },
) {
  let query = publicAnnouncements(db).select([
    'a.id',
    'a.projectId',
    'a.stage',
    'a.title',
    sql<string>`substr(${sql.ref('a.content')}, 1, 1000)`.as('contentStart'),
    'a.publishTime',
    'a.correctedAt',
    'p.code',
    'p.name',
    'p.category',
    'p.subType',
    'p.regionCode',
  ])
  if (options.category !== null)
    query = query.where('p.category', '=', options.category)
  return query
    .orderBy('a.publishTime', 'desc')
    .orderBy('a.id', 'desc')
    .limit(options.limit)
    .execute()
}

const lastPublished = (table: 'a' | 'l') =>
  sql<string>`coalesce(${sql.ref(`${table}.correctedAt`)}, ${sql.ref(`${table}.publishTime`)})`

function publicLinkages(db: Kysely<Database>) {
  return db
    .selectFrom('linkageRecord as l')
    .innerJoin('project as p', 'p.id', 'l.projectId')
    .where('l.withdrawnAt', 'is', null)
    .where('p.withdrawnAt', 'is', null)
}

export async function findPublicProjectBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const times = db
    .selectFrom('project as p')
    .where('p.withdrawnAt', 'is', null)
    .select(['p.id as projectId', 'p.updatedAt as at'])
    .unionAll(
      publicAnnouncements(db).select([
        'a.projectId',
        lastPublished('a').as('at'),
      ]),
    )
    .unionAll(
      publicLinkages(db).select(['l.projectId', lastPublished('l').as('at')]),
    )
  const block = idBlock('t.projectId', size)
  const rows = await db
    .selectFrom(times.as('t'))
    .select((eb) => [block.as('block'), eb.fn.max('t.at').as('lastmod')])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({ block: Number(row.block), lastmod: row.lastmod }))
}

export async function findPublicProjectStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return db
    .selectFrom('project as p')
    .where('p.withdrawnAt', 'is', null)
    .where('p.id', '>', range.afterId)
    .where('p.id', '<=', range.untilId)
    .select((eb) => [
      'p.id',
      'p.updatedAt',
      eb
        .selectFrom('projectAnnouncement as a')
        .whereRef('a.projectId', '=', 'p.id')
        .where('a.withdrawnAt', 'is', null)
        .select(sql<string>`max(${lastPublished('a')})`.as('at'))
        .as('announcedAt'),
      eb
        .selectFrom('linkageRecord as l')
        .whereRef('l.projectId', '=', 'p.id')
        .where('l.withdrawnAt', 'is', null)
        .select(sql<string>`max(${lastPublished('l')})`.as('at'))
        .as('recordedAt'),
    ])
    .orderBy('p.id')
    .limit(range.limit)
    .execute()
}

export async function findPublicAnnouncementBlocks(
  db: Kysely<Database>,
  size: number,
) {
  const block = idBlock('a.id', size)
  const rows = await publicAnnouncements(db)
    .select([
      block.as('block'),
      sql<string>`max(${lastPublished('a')})`.as('lastmod'),
      sql<string>`max(${sql.ref('p.updatedAt')})`.as('projectLastmod'),
    ])
    .groupBy(block)
    .orderBy('block')
    .execute()
  return rows.map((row) => ({
    block: Number(row.block),
    lastmod:
      row.projectLastmod > row.lastmod ? row.projectLastmod : row.lastmod,
  }))
}

export async function findPublicAnnouncementStamps(
  db: Kysely<Database>,
  range: { afterId: number; untilId: number; limit: number },
) {
  return publicAnnouncements(db)
    .where('a.id', '>', range.afterId)
    .where('a.id', '<=', range.untilId)
    .select([
      'a.id',
      'a.projectId',
      'a.stage',
      lastPublished('a').as('announcedAt'),
      'p.updatedAt',
    ])
    .orderBy('a.id')
    .limit(range.limit)
    .execute()
}
