import { STAFF_SETUP_LINK_MS } from '#common/constants/staff.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import {
  assertGoodPassword,
  hashPassword,
  isPasswordRight,
} from '../password-policy.ts'
import { randomSecret, sha256Hex } from '../secret-box.ts'
import * as repo from '../staff-repository.ts'
import { checkTotp, newTotpSecret, totpUri } from '../totp.ts'
import { audit, refuse } from './staff-audit.ts'
import {
  accountOrRefuse,
  type RequestPlace,
  type StaffActor,
  type StaffContext,
} from './staff-context.ts'
import {
  codeProblem,
  countFailure,
  endLiveSessions,
  refuseWhileThrottled,
} from './staff-sessions.ts'

export async function issueSetupLink(
  context: StaffContext,
  accountId: number,
): Promise<string> {
  const { db, publicBaseUrl, now } = context
  const token = randomSecret()
  const at = now().getTime()
  await repo.retireSetupLinksOf(db, accountId, at)
  await repo.insertSetupLink(db, {
    tokenHash: sha256Hex(token),
    accountId,
    expiresAt: at + STAFF_SETUP_LINK_MS,
  })
  return `${publicBaseUrl}/admin/setup?token=${token}`
}

async function setupLinkAccount(context: StaffContext, token: string) {
  const { db, now } = context
  const link = await repo.findSetupLink(db, sha256Hex(token))
  if (!link) throw new Refusal(404, '设置链接无效，请核对链接或联系系统管理员')
  if (link.usedAt !== null)
    throw new Refusal(410, '该设置链接已使用过，请联系系统管理员重新发送')
  if (Number(link.expiresAt) <= now().getTime())
    throw new Refusal(
      410,
      '设置链接已过期（有效期24小时），请联系系统管理员重新发送',
    )
  const account = await accountOrRefuse(context, link.accountId)
  if (account.isDisabled) throw new Refusal(403, '该账号已停用')
  return { link, account }
}

export async function setupInfo(context: StaffContext, token: string) {
  const { link, account } = await setupLinkAccount(context, token)
  return {
    accountName: account.accountName,
    displayName: account.displayName,
    expiresAt: toShanghaiText(new Date(Number(link.expiresAt))),
  }
}

export async function beginSetup(
  context: StaffContext,
  place: RequestPlace,
  token: string,
  password: string,
) {
  const { db, box, stamp } = context
  const { account } = await setupLinkAccount(context, token).catch((refusal) =>
    refuse(
      context,
      { actor: null, address: place.address, action: 'setup.password' },
      refusal as Refusal,
    ),
  )
  await assertGoodPassword(password, account.accountName)
  const secret = newTotpSecret()
  await repo.updateAccount(
    db,
    account.id,
    {
      passwordHash: await hashPassword(password),
      pendingTotpSecret: box.seal(secret),
      isEnrolled: 0,
    },
    stamp(),
  )
  return { secret, otpauthUri: totpUri(secret, account.accountName) }
}

// `step` is the confirming code's, so that code is used once.
const adoptPendingFactor = (pendingTotpSecret: string, step: number) => ({
  totpSecret: pendingTotpSecret,
  pendingTotpSecret: null,
  totpLastStep: step,
})

export async function finishSetup(
  context: StaffContext,
  place: RequestPlace,
  token: string,
  code: string,
) {
  const { db, box, now, stamp } = context
  const note = { actor: null, address: place.address, action: 'setup.finish' }
  const { account } = await setupLinkAccount(context, token).catch((refusal) =>
    refuse(context, note, refusal as Refusal),
  )
  const named = { ...note, accountName: account.accountName }
  if (!account.pendingTotpSecret || !account.passwordHash)
    return refuse(context, named, new Refusal(409, '请先设置密码'))
  const secret = box.open(account.pendingTotpSecret)
  const checked = await checkTotp(
    secret,
    code,
    Number(account.totpLastStep),
    now(),
  )
  if (typeof checked === 'string')
    return refuse(
      context,
      named,
      new Refusal(400, '动态验证码不正确，请核对验证器中的当前验证码'),
    )
  if (!(await repo.useSetupLink(db, sha256Hex(token), now().getTime())))
    return refuse(
      context,
      named,
      new Refusal(410, '该设置链接已使用过，请联系系统管理员重新发送'),
    )
  await repo.updateAccount(
    db,
    account.id,
    {
      ...adoptPendingFactor(account.pendingTotpSecret, checked.step),
      isEnrolled: 1,
      failedTries: 0,
      lastFailedAt: null,
      lastFailedAddress: null,
    },
    stamp(),
  )
  await repo.endSessionsOf(db, account.id, now().getTime())
  await audit(context, {
    actor: {
      accountId: account.id,
      accountName: account.accountName,
      roles: await repo.rolesOf(db, account.id),
    },
    address: place.address,
    action: 'setup.finish',
    target: account.accountName,
    detail: { passwordSet: true, factorEnrolled: true },
  })
}

export async function changePassword(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  input: { currentPassword: string; newPassword: string },
) {
  const { db, stamp } = context
  const account = await accountOrRefuse(context, actor.accountId)
  const note = { actor, address: place.address, action: 'self.password' }
  // A session is no way around the throttle on guessing the password.
  await refuseWhileThrottled(context, note, place, account.accountName, true)
  if (!(await isPasswordRight(account.passwordHash, input.currentPassword))) {
    await countFailure(context, account, place)
    return refuse(context, note, new Refusal(401, '当前密码不正确'))
  }
  await assertGoodPassword(input.newPassword, account.accountName)
  await repo.updateAccount(
    db,
    account.id,
    { passwordHash: await hashPassword(input.newPassword) },
    stamp(),
  )
  // ASVS 3.3.3: whoever holds another session may be the reason for the change.
  const ended = await endLiveSessions(context, account.id, actor.sessionIdHash)
  await audit(context, { ...note, detail: { endedSessions: ended } })
  return { endedSessions: ended }
}

export async function beginReenrol(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  code: string,
) {
  const { db, box, stamp } = context
  const account = await accountOrRefuse(context, actor.accountId)
  const note = { actor, address: place.address, action: 'self.factor-begin' }
  await refuseWhileThrottled(context, note, place, account.accountName, true)
  const problem = await codeProblem(context, account, code)
  if (problem) {
    await countFailure(context, account, place)
    return refuse(context, note, new Refusal(401, problem))
  }
  const secret = newTotpSecret()
  await repo.updateAccount(
    db,
    account.id,
    { pendingTotpSecret: box.seal(secret) },
    stamp(),
  )
  await audit(context, note)
  return { secret, otpauthUri: totpUri(secret, account.accountName) }
}

export async function finishReenrol(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  code: string,
) {
  const { db, box, now, stamp } = context
  const account = await accountOrRefuse(context, actor.accountId)
  const note = { actor, address: place.address, action: 'self.factor-finish' }
  if (!account.pendingTotpSecret)
    return refuse(
      context,
      note,
      new Refusal(409, '请先用当前验证码开始重新绑定'),
    )
  const checked = await checkTotp(
    box.open(account.pendingTotpSecret),
    code,
    Number(account.totpLastStep),
    now(),
  )
  if (typeof checked === 'string')
    return refuse(context, note, new Refusal(400, '新验证器的动态验证码不正确'))
  await repo.updateAccount(
    db,
    account.id,
    adoptPendingFactor(account.pendingTotpSecret, checked.step),
    stamp(),
  )
  await audit(context, note)
}
