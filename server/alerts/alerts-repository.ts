import type { Kysely, Transaction, Updateable } from 'kysely'

import type {
  AlertSubscriptionTable,
  Database,
  NewAlertSubscription,
} from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

const SEARCH_COLUMNS = [
  'scope',
  'keyword',
  'searchType',
  'category',
  'region',
  'stage',
  'frequency',
] as const

const SUBSCRIPTION_COLUMNS = [
  'id',
  'uid',
  'email',
  ...SEARCH_COLUMNS,
  'confirmedAt',
  'confirmNonce',
  'confirmFrequency',
  'confirmExpiresAt',
  'mailAskedAt',
  'mailDueAt',
  'mailAttempts',
] as const

export const findSubscriptionBySearch = (
  db: Db,
  email: string,
  filterKey: string,
) =>
  db
    .selectFrom('alertSubscription')
    .select(SUBSCRIPTION_COLUMNS)
    .where('email', '=', email)
    .where('filterKey', '=', filterKey)
    .executeTakeFirst()

export const findSubscriptionByUid = (db: Db, uid: string) =>
  db
    .selectFrom('alertSubscription')
    .select(SUBSCRIPTION_COLUMNS)
    .where('uid', '=', uid)
    .executeTakeFirst()

export const findSubscriptionById = (db: Db, id: number) =>
  db
    .selectFrom('alertSubscription')
    .select(SUBSCRIPTION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst()

export type SubscriptionRow = NonNullable<
  Awaited<ReturnType<typeof findSubscriptionByUid>>
>

export async function countSubscriptionsOf(
  db: Db,
  email: string,
): Promise<number> {
  const row = await db
    .selectFrom('alertSubscription')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function insertSubscription(
  db: Db,
  row: NewAlertSubscription,
): Promise<void> {
  await db.insertInto('alertSubscription').values(row).execute()
}

export async function updateSubscription(
  db: Db,
  id: number,
  changes: Updateable<AlertSubscriptionTable>,
  where: { confirmNonce?: string; mailDueAt?: string } = {},
): Promise<boolean> {
  let query = db
    .updateTable('alertSubscription')
    .set(changes)
    .where('id', '=', id)
  if (where.confirmNonce !== undefined)
    query = query.where('confirmNonce', '=', where.confirmNonce)
  if (where.mailDueAt !== undefined)
    query = query.where('mailDueAt', '=', where.mailDueAt)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteSubscription(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('alertSubscription')
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

// A confirmed subscription only forgets the change it was asked for.
export async function purgeExpiredConfirmations(
  db: Db,
  time: string,
): Promise<number> {
  const deleted = await db
    .deleteFrom('alertSubscription')
    .where('confirmedAt', 'is', null)
    .where('confirmExpiresAt', '<=', time)
    .executeTakeFirst()
  await db
    .updateTable('alertSubscription')
    .set({
      confirmNonce: null,
      confirmFrequency: null,
      confirmExpiresAt: null,
    })
    .where('confirmExpiresAt', '<=', time)
    .execute()
  return Number(deleted.numDeletedRows)
}

export const findDueSubscriptionMails = (db: Db, time: string, limit: number) =>
  db
    .selectFrom('alertSubscription')
    .select(SUBSCRIPTION_COLUMNS)
    .where('mailDueAt', '<=', time)
    .orderBy('mailDueAt')
    .orderBy('id')
    .limit(limit)
    .execute()

// Nothing published before it is news to any subscription.
export async function findEarliestConfirmation(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('alertSubscription')
    .select((eb) => eb.fn.min('confirmedAt').as('earliest'))
    .executeTakeFirst()
  return (row?.earliest as string | null | undefined) ?? null
}

export const findConfirmedSubscriptions = (
  db: Db,
  options: { confirmedBy: string; afterId: number; limit: number },
) =>
  db
    .selectFrom('alertSubscription')
    .select(['id', ...SEARCH_COLUMNS, 'confirmedAt'])
    .where('confirmedAt', '<=', options.confirmedBy)
    .where('id', '>', options.afterId)
    .orderBy('id')
    .limit(options.limit)
    .execute()

// The search index is the portal's list of what is public, with each item's type, category,
// project and stage; `alert_item` keeps what was gone through.
export const findUnmatchedEntries = (db: Db, since: string, limit: number) =>
  db
    .selectFrom('searchDocument as d')
    .leftJoin('alertItem as a', (join) =>
      join
        .onRef('a.itemType', '=', 'd.type')
        .onRef('a.itemRefId', '=', 'd.refId'),
    )
    .select([
      'd.id',
      'd.type',
      'd.refId',
      'd.projectId',
      'd.stage',
      'd.categoryId',
      'd.publishTime',
    ])
    .where('a.itemRefId', 'is', null)
    .where('d.publishTime', '>=', since)
    .orderBy('d.publishTime')
    .orderBy('d.id')
    .limit(limit)
    .execute()

// Both or neither.
export async function recordMatches(
  trx: Transaction<Database>,
  items: { itemType: string; itemRefId: number; publishTime: string }[],
  deliveries: {
    subscriptionId: number
    itemType: string
    itemRefId: number
    dueAt: string
    createdAt: string
  }[],
): Promise<void> {
  // Bounded batches: both engines limit the parameters of one statement.
  for (let i = 0; i < deliveries.length; i += 500)
    await trx
      .insertInto('alertDelivery')
      .values(
        deliveries
          .slice(i, i + 500)
          .map((delivery) => ({ ...delivery, state: 'pending' })),
      )
      .onConflict((oc) =>
        oc.columns(['subscriptionId', 'itemType', 'itemRefId']).doNothing(),
      )
      .execute()
  if (items.length > 0)
    await trx
      .insertInto('alertItem')
      .values(items)
      .onConflict((oc) => oc.columns(['itemType', 'itemRefId']).doNothing())
      .execute()
}

export async function findSubscriptionsWithDueDeliveries(
  db: Db,
  time: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('alertDelivery')
    .select('subscriptionId')
    .distinct()
    .where('state', '=', 'pending')
    .where('dueAt', '<=', time)
    .where((eb) =>
      eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', time)]),
    )
    .orderBy('subscriptionId')
    .limit(limit)
    .execute()
  return rows.map((row) => row.subscriptionId)
}

// One conditional update, so no two runs send the same.
export async function claimDueDeliveries(
  db: Db,
  subscriptionId: number,
  claim: { token: string; time: string; until: string; limit: number },
) {
  const due = await db
    .selectFrom('alertDelivery')
    .select('id')
    .where('subscriptionId', '=', subscriptionId)
    .where('state', '=', 'pending')
    .where('dueAt', '<=', claim.time)
    .orderBy('dueAt')
    .orderBy('id')
    .limit(claim.limit)
    .execute()
  if (due.length === 0) return []
  await db
    .updateTable('alertDelivery')
    .set((eb) => ({
      claimToken: claim.token,
      claimedUntil: claim.until,
      attempts: eb('attempts', '+', 1),
    }))
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .where('state', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('claimedUntil', 'is', null),
        eb('claimedUntil', '<=', claim.time),
      ]),
    )
    .execute()
  return db
    .selectFrom('alertDelivery')
    .select(['id', 'itemType', 'itemRefId', 'attempts', 'createdAt'])
    .where('claimToken', '=', claim.token)
    .orderBy('id')
    .execute()
}

export async function settleDeliveries(
  db: Db,
  token: string,
  ids: number[],
  changes:
    | { state: 'sent'; sentAt: string }
    | { state: 'failed' | 'withdrawn'; lastError: string | null }
    | { state: 'pending'; dueAt: string; lastError: string },
): Promise<void> {
  if (ids.length === 0) return
  await db
    .updateTable('alertDelivery')
    .set({ ...changes, claimToken: null, claimedUntil: null })
    .where('id', 'in', ids)
    .where('claimToken', '=', token)
    .execute()
}

export async function pruneAlertRecords(
  db: Db,
  {
    itemsBefore,
    deliveriesBefore,
  }: { itemsBefore: string; deliveriesBefore: string },
): Promise<void> {
  await db
    .deleteFrom('alertItem')
    .where('publishTime', '<', itemsBefore)
    .execute()
  await db
    .deleteFrom('alertDelivery')
    .where('state', '<>', 'pending')
    .where('createdAt', '<', deliveriesBefore)
    .execute()
}
