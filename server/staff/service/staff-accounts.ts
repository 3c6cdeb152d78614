import { ROLE_ADMIN, type StaffRole } from '#common/constants/staff.ts'
import { Refusal } from '#server/shared/refusal.ts'

import * as repo from '../staff-repository.ts'
import { audit, refuse } from './staff-audit.ts'
import {
  accountOrRefuse,
  checkRoles,
  describe,
  type RequestPlace,
  type StaffActor,
  type StaffContext,
} from './staff-context.ts'
import { issueSetupLink } from './staff-enrolment.ts'

const ACCOUNT_NAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/

export async function createAccount(
  context: StaffContext,
  actor: StaffActor | null,
  place: RequestPlace,
  input: { accountName: string; displayName: string; roles: StaffRole[] },
) {
  const { db, stamp } = context
  const roles = checkRoles(input.roles)
  if (!ACCOUNT_NAME_PATTERN.test(input.accountName))
    throw new Refusal(
      400,
      '账号名须为3至32位小写字母、数字或 . _ -，以字母开头',
    )
  if (await repo.findAccountByName(db, input.accountName))
    throw new Refusal(409, `账号名“${input.accountName}”已被使用`)
  const id = await db.transaction().execute(async (trx) => {
    const id = await repo.insertAccount(trx, { ...input, at: stamp() })
    await repo.replaceRoles(trx, id, roles)
    return id
  })
  const setupUrl = await issueSetupLink(context, id)
  await audit(context, {
    actor,
    accountName: actor ? undefined : '（命令行）',
    address: place.address,
    action: 'account.create',
    target: input.accountName,
    detail: { displayName: input.displayName, roles },
  })
  return {
    account: await describe(context, await accountOrRefuse(context, id)),
    setupUrl,
  }
}

export async function setRoles(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  accountId: number,
  wanted: StaffRole[],
) {
  const { db } = context
  const account = await accountOrRefuse(context, accountId)
  const roles = checkRoles(wanted)
  const before = await repo.rolesOf(db, accountId)
  if (
    accountId === actor.accountId &&
    before.includes(ROLE_ADMIN) &&
    !roles.includes(ROLE_ADMIN)
  )
    throw new Refusal(409, '不能取消自己的系统管理员角色，请由另一位管理员操作')
  await db
    .transaction()
    .execute((trx) => repo.replaceRoles(trx, accountId, roles))
  await audit(context, {
    actor,
    address: place.address,
    action: 'account.roles',
    target: account.accountName,
    detail: { before, after: roles },
  })
  return describe(context, account)
}

export async function setDisabled(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  accountId: number,
  isDisabled: boolean,
) {
  const { db, now, stamp } = context
  const account = await accountOrRefuse(context, accountId)
  if (accountId === actor.accountId && isDisabled)
    throw new Refusal(409, '不能停用自己的账号')
  await repo.updateAccount(
    db,
    accountId,
    { isDisabled: isDisabled ? 1 : 0 },
    stamp(),
  )
  const ended = isDisabled
    ? await repo.endSessionsOf(db, accountId, now().getTime())
    : 0
  await audit(context, {
    actor,
    address: place.address,
    action: isDisabled ? 'account.disable' : 'account.enable',
    target: account.accountName,
    detail: { isDisabled, endedSessions: ended },
  })
  return describe(context, await accountOrRefuse(context, accountId))
}

// 解锁: every address's count of failures on the account is forgotten, so nobody waits.
export async function unlockAccount(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  accountId: number,
) {
  const account = await accountOrRefuse(context, accountId)
  await context.throttle.clear(account.accountName)
  await audit(context, {
    actor,
    address: place.address,
    action: 'account.unlock',
    target: account.accountName,
  })
  return describe(context, account)
}

export async function resetFactor(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  accountId: number,
) {
  const { db, now, stamp } = context
  const account = await accountOrRefuse(context, accountId)
  await repo.updateAccount(
    db,
    accountId,
    { isEnrolled: 0, totpSecret: null, pendingTotpSecret: null },
    stamp(),
  )
  const ended = await repo.endSessionsOf(db, accountId, now().getTime())
  const setupUrl = await issueSetupLink(context, accountId)
  await audit(context, {
    actor,
    address: place.address,
    action: 'account.reset-factor',
    target: account.accountName,
    detail: { endedSessions: ended },
  })
  return {
    account: await describe(context, await accountOrRefuse(context, accountId)),
    setupUrl,
  }
}

export async function setOidcSubject(
  context: StaffContext,
  actor: StaffActor | null,
  place: RequestPlace,
  accountId: number,
  subject: string | null,
) {
  const { db, stamp } = context
  const account = await accountOrRefuse(context, accountId)
  const note = {
    actor,
    accountName: actor ? undefined : '（命令行）',
    address: place.address,
    action: subject === null ? 'account.oidc-unlink' : 'account.oidc-link',
    target: account.accountName,
    detail: { before: account.oidcSubject, after: subject },
  }
  const holder =
    subject === null
      ? undefined
      : await repo.findAccountByOidcSubject(db, subject)
  const taken = new Refusal(
    409,
    `该统一身份认证标识已关联账号“${holder?.accountName ?? '其他账号'}”，请先解除那里的关联`,
  )
  if (holder && holder.id !== accountId) return refuse(context, note, taken)
  if (!(await repo.setOidcSubject(db, accountId, subject, stamp())))
    return refuse(context, note, taken)
  await audit(context, note)
  return describe(context, await accountOrRefuse(context, accountId))
}

export async function accountNamed(context: StaffContext, accountName: string) {
  const { db } = context
  const account = await repo.findAccountByName(db, accountName)
  if (!account || account.isSystem)
    throw new Refusal(404, `没有账号“${accountName}”`)
  return describe(context, account)
}

export async function listAccounts(context: StaffContext) {
  const { db } = context
  const accounts = await repo.listAccounts(db)
  return Promise.all(accounts.map((account) => describe(context, account)))
}
