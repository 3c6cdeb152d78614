import { ROLE_ADMIN, type StaffRole } from '#common/constants/staff.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { randomSecret, sha256Hex } from '../secret-box.ts'
import * as repo from '../staff-repository.ts'
import { audit } from './staff-audit.ts'
import {
  accountOrRefuse,
  checkRoles,
  type RequestPlace,
  type StaffActor,
  type StaffContext,
} from './staff-context.ts'

// A token acts only with those of its roles the person still holds.
export async function tokenActor(
  context: StaffContext,
  token: string,
): Promise<StaffActor> {
  const { db } = context
  const row = await repo.findApiTokenByHash(db, sha256Hex(token))
  if (!row) throw new Refusal(401, '个人API令牌无效')
  if (row.revokedAt !== null) throw new Refusal(401, '该个人API令牌已撤销')
  const account = await accountOrRefuse(context, row.accountId)
  if (account.isDisabled) throw new Refusal(401, '该令牌所属账号已停用')
  const held = await repo.rolesOf(db, account.id)
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
  input: { name: string; roles: StaffRole[] },
) {
  const { db, stamp } = context
  const held = await repo.rolesOf(db, actor.accountId)
  const roles = checkRoles(input.roles)
  const extra = roles.filter((role) => !held.includes(role))
  if (roles.length === 0) throw new Refusal(400, '请至少选择一个角色')
  if (extra.length > 0)
    throw new Refusal(
      403,
      `令牌的角色须是您本人拥有的角色，您没有：${extra.join('、')}`,
    )
  const token = `wtp_${randomSecret()}`
  const id = await repo.insertApiToken(db, {
    tokenHash: sha256Hex(token),
    accountId: actor.accountId,
    name: input.name,
    roles,
    at: stamp(),
  })
  await audit(context, {
    actor,
    address: place.address,
    action: 'token.create',
    target: `${actor.accountName}/${id}`,
    detail: { name: input.name, roles },
  })
  return { id, name: input.name, roles, token }
}

const describeToken = (
  row: Awaited<ReturnType<typeof repo.listApiTokens>>[number],
) => ({
  id: row.id,
  accountName: row.accountName,
  name: row.name,
  roles: row.roles.split(',') as StaffRole[],
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
})

export async function listApiTokens(context: StaffContext, accountId?: number) {
  const { db } = context
  return (await repo.listApiTokens(db, accountId)).map(describeToken)
}

export async function revokeApiToken(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  id: number,
) {
  const { db, stamp } = context
  const row = await repo.findApiToken(db, id)
  if (
    !row ||
    (row.accountId !== actor.accountId && !actor.roles.includes(ROLE_ADMIN))
  )
    throw new Refusal(404, '该令牌不存在')
  if (!(await repo.revokeApiToken(db, id, stamp())))
    throw new Refusal(409, '该令牌已撤销')
  await audit(context, {
    actor,
    address: place.address,
    action: 'token.revoke',
    target: `${row.accountId}/${id}`,
    detail: { name: row.name },
  })
}
