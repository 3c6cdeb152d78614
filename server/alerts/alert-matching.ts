import type { Kysely } from 'kysely'

import { ALERT_DIGEST_HOUR } from '#common/constants/alerts.ts'
import type { Database } from '#server/db/schema.ts'
import { findProjectPlaces } from '#server/projects/project-repository.ts'
import { findSearchEntriesByRef } from '#server/search/search-repository.ts'
import { findEntriesHoldingKeyword } from '#server/search/search-service.ts'
import {
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'

import {
  filtersOfRow,
  fitsFilters,
  keywordEntriesOf,
  type NewItem,
} from './alert-match.ts'
import {
  findConfirmedSubscriptions,
  findEarliestConfirmation,
  findUnmatchedEntries,
  recordMatches,
} from './alerts-repository.ts'

const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS

// An item published (or scheduled) earlier, after an outage of days, is not sent.
export const ALERT_NEWS_DAYS = 3
// A backlog goes on in the next run.
const MATCH_BATCH = 200
const MAX_PASSES = 20

function nextDigestTime(at: Date): Date {
  const today =
    startOfShanghaiDay(at).getTime() + ALERT_DIGEST_HOUR * 60 * MINUTE_MS
  return new Date(today > at.getTime() ? today : today + DAY_MS)
}

// The deliveries and the mark that the items were matched are written together, so an item is
// matched once, and a search gets it once.
export async function matchNewItems(deps: {
  db: Kysely<Database>
  now: () => Date
}): Promise<void> {
  const { db, now } = deps
  const earliest = await findEarliestConfirmation(db)
  if (!earliest) return
  const horizon = toShanghaiText(
    new Date(now().getTime() - ALERT_NEWS_DAYS * DAY_MS),
  )
  const since = earliest > horizon ? earliest : horizon
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const entries = await findUnmatchedEntries(db, since, MATCH_BATCH)
    if (entries.length === 0) return
    const items = await withProjects(db, entries)
    const at = now()
    const deliveries = await matchBatch(db, items, {
      createdAt: toShanghaiText(at),
      immediate: toShanghaiText(at),
      daily: toShanghaiText(nextDigestTime(at)),
    })
    await db.transaction().execute((trx) =>
      recordMatches(
        trx,
        items.map((item) => ({
          itemType: item.type,
          itemRefId: item.refId,
          publishTime: item.publishTime,
        })),
        deliveries,
      ),
    )
    if (entries.length < MATCH_BATCH) return
  }
}

async function withProjects(
  db: Kysely<Database>,
  entries: Awaited<ReturnType<typeof findUnmatchedEntries>>,
): Promise<NewItem[]> {
  const projectIds = [
    ...new Set(
      entries.flatMap((e) =>
        e.type === 'announcement' && e.projectId !== null ? [e.projectId] : [],
      ),
    ),
  ]
  const [places, projectEntries] = await Promise.all([
    findProjectPlaces(db, projectIds),
    findSearchEntriesByRef(
      db,
      projectIds.map((refId) => ({ type: 'project', refId })),
    ),
  ])
  const placeOf = new Map(places.map((p) => [p.id, p]))
  const entryOf = new Map(projectEntries.map((e) => [e.refId, e.id]))
  return entries.map((entry) => {
    const place =
      entry.type === 'announcement' && entry.projectId !== null
        ? placeOf.get(entry.projectId)
        : undefined
    return {
      entryId: entry.id,
      type: entry.type,
      refId: entry.refId,
      projectId: entry.projectId,
      stage: entry.stage,
      categoryId: entry.categoryId,
      publishTime: entry.publishTime,
      project: place
        ? {
            category: place.category,
            subType: place.subType,
            regionCode: place.regionCode,
            entryId: entryOf.get(place.id) ?? null,
          }
        : null,
    }
  })
}

async function matchBatch(
  db: Kysely<Database>,
  items: NewItem[],
  times: { createdAt: string; immediate: string; daily: string },
) {
  const latest = items.reduce(
    (max, item) => (item.publishTime > max ? item.publishTime : max),
    '',
  )
  const entryIds = [
    ...new Set(
      items.flatMap((item) =>
        item.project?.entryId
          ? [item.entryId, item.project.entryId]
          : [item.entryId],
      ),
    ),
  ]
  // One search per keyword for the whole batch, however many searches share it.
  const holding = new Map<string, Set<number>>()
  const deliveries = []
  for (let afterId = 0; ;) {
    const subscriptions = await findConfirmedSubscriptions(db, {
      confirmedBy: latest,
      afterId,
      limit: 500,
    })
    if (subscriptions.length === 0) break
    afterId = subscriptions.at(-1)!.id
    for (const subscription of subscriptions) {
      const filters = filtersOfRow(subscription)
      let matches = items.filter(
        (item) =>
          item.publishTime >= subscription.confirmedAt! &&
          fitsFilters(filters, item),
      )
      if (matches.length > 0 && filters.keyword) {
        let found = holding.get(filters.keyword)
        if (!found) {
          found = await findEntriesHoldingKeyword(db, filters.keyword, entryIds)
          holding.set(filters.keyword, found)
        }
        const inIndex = found
        matches = matches.filter((item) =>
          keywordEntriesOf(filters, item).some((id) => inIndex.has(id)),
        )
      }
      for (const item of matches)
        deliveries.push({
          subscriptionId: subscription.id,
          itemType: item.type,
          itemRefId: item.refId,
          dueAt:
            subscription.frequency === 'daily' ? times.daily : times.immediate,
          createdAt: times.createdAt,
        })
    }
  }
  return deliveries
}
