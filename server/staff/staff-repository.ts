import type { Kysely, Transaction } from 'kysely'

import { STAFF_ROLES, type StaffRole } from '#common/constants/staff.ts'
import { isUniqueViolation } from '#server/db/database-engine.ts'
import type { Database, StaffAccountRow } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

export const findAccountByName = (db: Db, accountName: string) =>
  db
    .selectFrom('staffAccount')
    .selectAll()
    .where('accountName', '=', accountName)
    .executeTakeFirst()

export const findAccountById = (db: Db, id: number) =>
  db
    .selectFrom('staffAccount')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()

export const findAccountByOidcSubject = (db: Db, subject: string) =>
  db
    .selectFrom('staffAccount')
    .selectAll()
    .where('oidcSubject', '=', subject)
    .executeTakeFirst()

// The column is unique: false when another account holds the subject, also one linked at the
// same instant.
export async function setOidcSubject(
  db: Db,
  id: number,
  subject: string | null,
  at: string,
): Promise<boolean> {
  try {
    await db
      .updateTable('staffAccount')
      .set({ oidcSubject: subject, updatedAt: at })
      .where('id', '=', id)
      .execute()
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

// The built-in system accounts (migration 0013) are nobody's.
export const listAccounts = (db: Db) =>
  db
    .selectFrom('staffAccount')
    .selectAll()
    .where('isSystem', '=', 0)
    .orderBy('id')
    .execute()

export async function insertAccount(
  db: Db,
  account: { accountName: string; displayName: string; at: string },
): Promise<number> {
  const row = await db
    .insertInto('staffAccount')
    .values({
      accountName: account.accountName,
      displayName: account.displayName,
      passwordHash: null,
      totpSecret: null,
      pendingTotpSecret: null,
      oidcSubject: null,
      createdAt: account.at,
      updatedAt: account.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

type AccountChange = Partial<
  Pick<
    StaffAccountRow,
    | 'displayName'
    | 'passwordHash'
    | 'totpSecret'
    | 'pendingTotpSecret'
    | 'totpLastStep'
    | 'isEnrolled'
    | 'isDisabled'
    | 'failedTries'
    | 'lastFailedAt'
    | 'lastFailedAddress'
    | 'email'
    | 'mobile'
    | 'reminderDays'
  >
>

export async function updateAccount(
  db: Db,
  id: number,
  change: AccountChange,
  at: string,
): Promise<void> {
  await db
    .updateTable('staffAccount')
    .set({ ...change, updatedAt: at })
    .where('id', '=', id)
    .execute()
}

// One statement, so two wrong tries at the same instant both count.
export async function addFailedTry(
  db: Db,
  id: number,
  failure: { at: number; address: string },
): Promise<number> {
  const row = await db
    .updateTable('staffAccount')
    .set((eb) => ({
      failedTries: eb('failedTries', '+', 1),
      lastFailedAt: failure.at,
      lastFailedAddress: failure.address.slice(0, 64),
    }))
    .where('id', '=', id)
    .returning('failedTries')
    .executeTakeFirstOrThrow()
  return row.failedTries
}

// Whether the account signed in from this address since `since` (epoch ms).
export async function hasSignedInFrom(
  db: Db,
  accountId: number,
  address: string,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('staffSession')
    .select('accountId')
    .where('accountId', '=', accountId)
    .where('address', '=', address.slice(0, 64))
    .where('createdAt', '>=', since)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

// Of two requests with the same code, exactly one succeeds.
export async function claimTotpStep(
  db: Db,
  id: number,
  step: number,
): Promise<boolean> {
  const result = await db
    .updateTable('staffAccount')
    .set({ totpLastStep: step })
    .where('id', '=', id)
    .where('totpLastStep', '<', step)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function rolesOf(db: Db, accountId: number): Promise<StaffRole[]> {
  const rows = await db
    .selectFrom('staffAccountRole')
    .select('role')
    .where('accountId', '=', accountId)
    .execute()
  // In the order of STAFF_ROLES, as the console lists them.
  return STAFF_ROLES.filter((role) => rows.some((row) => row.role === role))
}

export async function replaceRoles(
  db: Db,
  accountId: number,
  roles: StaffRole[],
): Promise<void> {
  await db
    .deleteFrom('staffAccountRole')
    .where('accountId', '=', accountId)
    .execute()
  if (roles.length > 0)
    await db
      .insertInto('staffAccountRole')
      .values(roles.map((role) => ({ accountId, role })))
      .execute()
}

export async function insertSession(
  db: Db,
  session: {
    idHash: string
    accountId: number
    csrfToken: string
    at: number
    address: string
  },
): Promise<void> {
  await db
    .insertInto('staffSession')
    .values({
      idHash: session.idHash,
      accountId: session.accountId,
      csrfToken: session.csrfToken,
      createdAt: session.at,
      lastSeenAt: session.at,
      endedAt: null,
      address: session.address,
    })
    .execute()
}

export const findSession = (db: Db, idHash: string) =>
  db
    .selectFrom('staffSession')
    .selectAll()
    .where('idHash', '=', idHash)
    .executeTakeFirst()

export async function touchSession(db: Db, idHash: string, at: number) {
  await db
    .updateTable('staffSession')
    .set({ lastSeenAt: at })
    .where('idHash', '=', idHash)
    .execute()
}

export async function endSession(db: Db, idHash: string, at: number) {
  await db
    .updateTable('staffSession')
    .set({ endedAt: at })
    .where('idHash', '=', idHash)
    .where('endedAt', 'is', null)
    .execute()
}

// `keep`: the asking session's hash, left open. `liveSince`: only sessions still within their
// idle and total limits (a lapsed one is refused by its times already), so the count is of live
// ones.
export async function endSessionsOf(
  db: Db,
  accountId: number,
  at: number,
  options: {
    keep?: string
    liveSince?: { lastSeen: number; created: number }
  } = {},
): Promise<number> {
  let query = db
    .updateTable('staffSession')
    .set({ endedAt: at })
    .where('accountId', '=', accountId)
    .where('endedAt', 'is', null)
  if (options.keep !== undefined)
    query = query.where('idHash', '<>', options.keep)
  if (options.liveSince)
    query = query
      .where('lastSeenAt', '>', options.liveSince.lastSeen)
      .where('createdAt', '>', options.liveSince.created)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export const openSessionsOf = (
  db: Db,
  accountId: number,
  idleSince: number,
  createdSince: number,
) =>
  db
    .selectFrom('staffSession')
    .select(['createdAt', 'lastSeenAt', 'address'])
    .where('accountId', '=', accountId)
    .where('endedAt', 'is', null)
    .where('lastSeenAt', '>=', idleSince)
    .where('createdAt', '>=', createdSince)
    .orderBy('createdAt', 'desc')
    .execute()

export async function insertSetupLink(
  db: Db,
  link: { tokenHash: string; accountId: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('staffSetupLink')
    .values({ ...link, usedAt: null })
    .execute()
}

export const findSetupLink = (db: Db, tokenHash: string) =>
  db
    .selectFrom('staffSetupLink')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()

export async function useSetupLink(
  db: Db,
  tokenHash: string,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('staffSetupLink')
    .set({ usedAt: at })
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function retireSetupLinksOf(
  db: Db,
  accountId: number,
  at: number,
) {
  await db
    .updateTable('staffSetupLink')
    .set({ usedAt: at })
    .where('accountId', '=', accountId)
    .where('usedAt', 'is', null)
    .execute()
}
