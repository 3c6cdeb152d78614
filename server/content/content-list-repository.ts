import { sql } from 'kysely'

import type { ContentItemQuery } from '#common/schemas/content/workflow.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

import type { Db } from './content-repository.ts'

function itemsWithLatest(
  db: Db,
  query: Omit<ContentItemQuery, 'pageNo' | 'pageSize'>,
) {
  let q = db
    .selectFrom('contentItem as i')
    .innerJoin('contentRevision as r', (join) =>
      join
        .onRef('r.itemId', '=', 'i.id')
        .onRef('r.revisionNo', '=', 'i.latestRevisionNo'),
    )
  if (query.kind) q = q.where('i.kind', '=', query.kind)
  if (query.itemState) q = q.where('i.itemState', '=', query.itemState)
  if (query.queue) q = q.where('r.state', '=', query.queue)
  if (query.categoryId) q = q.where('r.categoryId', '=', query.categoryId)
  const keyword = query.keyword?.trim()
  if (keyword)
    q = q.where(
      sql<boolean>`${sql.ref('r.title')} like ${containsPattern(keyword)} escape '\\'`,
    )
  return q
}

export async function findItemPage(db: Db, query: ContentItemQuery) {
  const [count, rows] = await Promise.all([
    itemsWithLatest(db, query)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
    itemsWithLatest(db, query)
      .innerJoin('staffAccount as author', 'author.id', 'r.authorId')
      .leftJoin('staffAccount as reviewer', 'reviewer.id', 'r.reviewerId')
      .leftJoin('staffAccount as publisher', 'publisher.id', 'r.publisherId')
      .leftJoin('contentRevision as pub', (join) =>
        join
          .onRef('pub.itemId', '=', 'i.id')
          .onRef('pub.revisionNo', '=', 'i.publishedRevisionNo'),
      )
      .selectAll('r')
      .select([
        'i.kind',
        'i.publicId',
        'i.itemState',
        'i.firstPublishedAt',
        'author.displayName as authorName',
        'reviewer.displayName as reviewerName',
        'publisher.displayName as publisherName',
        'pub.fields as publishedFields',
      ])
      .orderBy('i.updatedAt', 'desc')
      .orderBy('i.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
  ])
  return { rows, total: Number(count.total) }
}

// Only an item's latest revision is ever a draft, returned, submitted or scheduled.
export async function countQueues(db: Db, accountId: number) {
  const mine = `%,${accountId},%`
  const row = await db
    .selectFrom('contentRevision')
    .where('state', 'in', ['draft', 'returned', 'submitted', 'scheduled'])
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('state', '=', 'submitted'),
                eb('editorIds', 'not like', mine),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('submitted'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('state', '=', 'returned'),
                eb('editorIds', 'like', mine),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('returnedToMe'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.and([
                eb('state', '=', 'draft'),
                eb('editorIds', 'like', mine),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('myDrafts'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('state', '=', 'scheduled').then(1).else(0).end(),
        )
        .as('scheduled'),
    ])
    .executeTakeFirstOrThrow()
  return {
    submitted: Number(row.submitted ?? 0),
    returnedToMe: Number(row.returnedToMe ?? 0),
    myDrafts: Number(row.myDrafts ?? 0),
    scheduled: Number(row.scheduled ?? 0),
  }
}
