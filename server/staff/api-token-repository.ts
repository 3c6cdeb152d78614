import type { Kysely, Transaction } from 'kysely'

import type { StaffRole } from '#common/constants/staff.ts'
import type { Database } from '#server/db/schema.ts'

type Db = Kysely<Database> | Transaction<Database>

// Personal API tokens: stored by their hash, with the roles they carry, their expiry and last use.
export async function insertApiToken(
  db: Db,
  token: {
    tokenHash: string
    accountId: number
    name: string
    roles: StaffRole[]
    at: string
    expiresAt: number
  },
): Promise<number> {
  const row = await db
    .insertInto('staffApiToken')
    .values({
      tokenHash: token.tokenHash,
      accountId: token.accountId,
      name: token.name,
      roles: token.roles.join(','),
      createdAt: token.at,
      revokedAt: null,
      expiresAt: token.expiresAt,
      lastUsedAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export const findApiTokenByHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('staffApiToken')
    .selectAll()
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst()

export const findApiToken = (db: Db, id: number) =>
  db
    .selectFrom('staffApiToken')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()

export const listApiTokens = (db: Db, accountId?: number) => {
  let query = db
    .selectFrom('staffApiToken')
    .innerJoin('staffAccount', 'staffAccount.id', 'staffApiToken.accountId')
    .select([
      'staffApiToken.id',
      'staffApiToken.accountId',
      'staffAccount.accountName',
      'staffApiToken.name',
      'staffApiToken.roles',
      'staffApiToken.createdAt',
      'staffApiToken.revokedAt',
      'staffApiToken.expiresAt',
      'staffApiToken.lastUsedAt',
    ])
    .orderBy('staffApiToken.id')
  if (accountId !== undefined)
    query = query.where('staffApiToken.accountId', '=', accountId)
  return query.execute()
}

export async function revokeApiToken(db: Db, id: number, at: string) {
  const result = await db
    .updateTable('staffApiToken')
    .set({ revokedAt: at })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

// Only when the last use written is `before` or older: one write a period, whichever process.
export async function touchApiToken(
  db: Db,
  id: number,
  at: number,
  before: number,
) {
  await db
    .updateTable('staffApiToken')
    .set({ lastUsedAt: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('lastUsedAt', 'is', null), eb('lastUsedAt', '<=', before)]),
    )
    .execute()
}

// The tokens that may push OCDS releases (their scope holds the role), newest first.
export const listTokensWithRole = (db: Db, role: StaffRole) =>
  db
    .selectFrom('staffApiToken')
    .innerJoin('staffAccount', 'staffAccount.id', 'staffApiToken.accountId')
    .select([
      'staffApiToken.id',
      'staffAccount.accountName',
      'staffApiToken.name',
      'staffApiToken.roles',
      'staffApiToken.revokedAt',
      'staffApiToken.expiresAt',
      'staffApiToken.isTrustedImport',
    ])
    .where('staffApiToken.roles', 'like', `%${role}%`)
    .orderBy('staffApiToken.id', 'desc')
    .execute()

export async function setApiTokenImportTrust(
  db: Db,
  id: number,
  isTrusted: boolean,
) {
  await db
    .updateTable('staffApiToken')
    .set({ isTrustedImport: isTrusted ? 1 : 0 })
    .where('id', '=', id)
    .execute()
}
