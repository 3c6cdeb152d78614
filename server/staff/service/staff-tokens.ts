import {
  ROLE_ADMIN,
  STAFF_TOKEN_DEFAULT_DAYS,
  STAFF_TOKEN_MAX_DAYS,
  type StaffRole,
} from '#common/constants/staff.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { randomSecret, sha256Hex } from '../secret-box.ts'
import * as tokenRepo from '../api-token-repository.ts'
import { rolesOf } from '../staff-repository.ts'
import { audit, refuse } from './staff-audit.ts'
import {
  accountOrRefuse,
  checkRoles,
  type RequestPlace,
  type StaffActor,
  type StaffContext,
} from './staff-context.ts'

// The last use is written at most once a minute per token. An integration may call many times
// a second, and a write for each would turn every read into a write (SQLite has one writer at a
// time; PostgreSQL a new row version each); 最近使用 answers "is it still used, since when not",
// for which the minute is enough.
const LAST_USE_RESOLUTION_MS = 60_000
const DAY_MS = 24 * 3600_000

// A token acts only with those of its roles the person still holds. `request` names the call
// in the audit entry of a refusal.
export async function tokenActor(
  context: StaffContext,
  place: RequestPlace,
  token: string,
  request = '',
): Promise<StaffActor> {
  const { db, now } = context
  const row = await tokenRepo.findApiTokenByHash(db, sha256Hex(token))
  if (!row) throw new Refusal(401, '个人API令牌无效')
  if (row.revokedAt !== null) throw new Refusal(401, '该个人API令牌已撤销')
  const account = await accountOrRefuse(context, row.accountId)
  if (account.isDisabled) throw new Refusal(401, '该令牌所属账号已停用')
  const at = now().getTime()
  if (Number(row.expiresAt) <= at) {
    const expiredAt = toShanghaiText(new Date(Number(row.expiresAt)))
    return refuse(
      context,
      {
        actor: null,
        accountName: account.accountName,
        address: place.address,
        action: 'token.use',
        target: `${account.accountName}/${row.id}`,
        detail: { name: row.name, expiredAt, request },
      },
      new Refusal(
        401,
        `该个人API令牌已于${expiredAt}过期，请令牌所有人在管理控制台“我的账号”中创建新令牌`,
      ),
    )
  }
  const lastUsedAt = row.lastUsedAt === null ? null : Number(row.lastUsedAt)
  if (lastUsedAt === null || lastUsedAt <= at - LAST_USE_RESOLUTION_MS)
    await tokenRepo.touchApiToken(db, row.id, at, at - LAST_USE_RESOLUTION_MS)
  const held = await rolesOf(db, account.id)
  const scope = row.roles.split(',') as StaffRole[]
  return {
    accountId: account.id,
    accountName: account.accountName,
    displayName: account.displayName,
    roles: held.filter((role) => scope.includes(role)),
    via: 'token',
    tokenId: row.id,
  }
}

export async function createApiToken(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  input: { name: string; roles: StaffRole[]; lifetimeDays?: number },
) {
  const { db, now, stamp } = context
  const days = input.lifetimeDays ?? STAFF_TOKEN_DEFAULT_DAYS
  const held = await rolesOf(db, actor.accountId)
  const roles = checkRoles(input.roles)
  const extra = roles.filter((role) => !held.includes(role))
  if (roles.length === 0) throw new Refusal(400, '请至少选择一个角色')
  if (!Number.isInteger(days) || days < 1 || days > STAFF_TOKEN_MAX_DAYS)
    throw new Refusal(400, `有效期须为1至${STAFF_TOKEN_MAX_DAYS}天`)
  if (extra.length > 0)
    throw new Refusal(
      403,
      `令牌的角色须是您本人拥有的角色，您没有：${extra.join('、')}`,
    )
  const token = `wtp_${randomSecret()}`
  const expiresMs = now().getTime() + days * DAY_MS
  const id = await tokenRepo.insertApiToken(db, {
    tokenHash: sha256Hex(token),
    accountId: actor.accountId,
    name: input.name,
    roles,
    at: stamp(),
    expiresAt: expiresMs,
  })
  const expiresAt = toShanghaiText(new Date(expiresMs))
  await audit(context, {
    actor,
    address: place.address,
    action: 'token.create',
    target: `${actor.accountName}/${id}`,
    detail: { name: input.name, roles, expiresAt },
  })
  return { id, name: input.name, roles, token, expiresAt }
}

export async function listApiTokens(context: StaffContext, accountId?: number) {
  const { db, now } = context
  const at = now().getTime()
  return (await tokenRepo.listApiTokens(db, accountId)).map((row) => ({
    id: row.id,
    accountName: row.accountName,
    name: row.name,
    roles: row.roles.split(',') as StaffRole[],
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
    expiresAt: toShanghaiText(new Date(Number(row.expiresAt))),
    lastUsedAt:
      row.lastUsedAt === null
        ? null
        : toShanghaiText(new Date(Number(row.lastUsedAt))),
    isExpired: Number(row.expiresAt) <= at,
  }))
}

export async function revokeApiToken(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  id: number,
) {
  const { db, stamp } = context
  const row = await tokenRepo.findApiToken(db, id)
  if (
    !row ||
    (row.accountId !== actor.accountId && !actor.roles.includes(ROLE_ADMIN))
  )
    throw new Refusal(404, '该令牌不存在')
  if (!(await tokenRepo.revokeApiToken(db, id, stamp())))
    throw new Refusal(409, '该令牌已撤销')
  await audit(context, {
    actor,
    address: place.address,
    action: 'token.revoke',
    target: `${row.accountId}/${id}`,
    detail: { name: row.name },
  })
}
