import { z } from 'zod'

import {
  ImportTokenListSchema,
  ImportTokenSchema,
} from '#common/schemas/ocds-import.ts'
import { StaffAccountSchema } from '#common/schemas/staff.ts'

import { staffApi } from '#app/console/api/staff-api-client.ts'

export type ImportToken = z.infer<typeof ImportTokenSchema>

/** A row of 交易平台令牌: the token as the server gives it, with its account's name and expiry. */
export type PlatformToken = ImportToken & {
  /** The account's name (姓名/名称), null should the account list not hold it. */
  displayName: string | null
  isExpired: boolean
}

const AccountsSchema = z.object({ items: z.array(StaffAccountSchema) })

// The server writes times in Beijing time without an offset (toShanghaiText).
const isPast = (shanghaiText: string, now: Date) =>
  Date.parse(`${shanghaiText.replace(' ', 'T')}+08:00`) <= now.getTime()

export const toPlatformToken = (
  token: ImportToken,
  names: ReadonlyMap<string, string>,
  now: Date,
): PlatformToken => ({
  ...token,
  displayName: names.get(token.accountName) ?? null,
  isExpired: isPast(token.expiresAt, now),
})

// The tokens' route names the account only by its 账号名; the account list, which the same
// 系统管理员 reads, gives the name shown beside it.
export async function loadPlatformTokens(now = new Date()) {
  const [tokens, accounts] = await Promise.all([
    staffApi.get('/ocds/import-tokens', ImportTokenListSchema),
    staffApi.get('/accounts', AccountsSchema),
  ])
  const names = new Map(
    accounts.items.map((account) => [account.accountName, account.displayName]),
  )
  return {
    tokens: tokens.items.map((token) => toPlatformToken(token, names, now)),
  }
}

/** What the 交易平台令牌 page does: mark a token trusted or not, answered with the token. */
export type PlatformTokenCalls = {
  setTrust: (id: number, isTrusted: boolean) => Promise<ImportToken>
}

// Only a 系统管理员 signed in to the console may; a revoked token is refused (409).
export const platformTokenCalls: PlatformTokenCalls = {
  setTrust: (id, isTrusted) =>
    staffApi.post(`/ocds/import-tokens/${id}/trust`, ImportTokenSchema, {
      isTrusted,
    }),
}
