import {
  SIGN_IN_REFUSED,
  signInThrottled,
  STAFF_FAILURE_NOTICE_AT,
  STAFF_KNOWN_PLACE_MS,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
} from '#common/constants/staff.ts'
import type { StaffAccountRow } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { OidcRefusal } from '../oidc-refusal.ts'
import { hashPassword, isPasswordRight } from '../password-policy.ts'
import { randomSecret, sha256Hex } from '../secret-box.ts'
import * as repo from '../staff-repository.ts'
import { checkTotp } from '../totp.ts'
import { audit, refuse } from './staff-audit.ts'
import {
  accountOrRefuse,
  type AuditNote,
  describe,
  type RequestPlace,
  type StaffActor,
  type StaffContext,
} from './staff-context.ts'

// A wrong password or code on a known account: counted towards the throttle for the name as
// typed, and on the account for the person's notice at the next sign-in.
export async function countFailure(
  context: StaffContext,
  account: StaffAccountRow,
  place: RequestPlace,
) {
  const { db, now, throttle } = context
  await throttle.recordFailure(place.address, account.accountName)
  const tries = await repo.addFailedTry(db, account.id, {
    at: now().getTime(),
    address: place.address,
  })
  if (tries !== STAFF_FAILURE_NOTICE_AT) return
  await audit(context, {
    actor: null,
    accountName: account.accountName,
    address: place.address,
    action: 'account.sign-in-failures',
    target: account.accountName,
    detail: { tries },
  })
}

// 429 with the seconds left, before any password is looked at.
export async function refuseWhileThrottled(
  context: StaffContext,
  note: AuditNote,
  place: RequestPlace,
  name: string,
  isKnownPlace: boolean,
) {
  const wait = await context.throttle.waitMs(place.address, name, {
    isKnownPlace,
  })
  if (wait <= 0) return
  const seconds = Math.ceil(wait / 1000)
  return refuse(
    context,
    { ...note, detail: { ...note.detail, cause: '尝试次数过多' } },
    new Refusal(429, signInThrottled(seconds)),
  )
}

const CODE_REFUSALS = {
  missing: '尚未绑定动态验证码',
  replayed: '该动态验证码已使用过，请等待验证器显示下一个验证码',
  wrong: '动态验证码错误',
} as const
type CodeFault = keyof typeof CODE_REFUSALS

async function codeFault(
  context: StaffContext,
  account: StaffAccountRow,
  code: string,
): Promise<CodeFault | null> {
  const { db, box, now } = context
  if (!account.totpSecret) return 'missing'
  const checked = await checkTotp(
    box.open(account.totpSecret),
    code,
    Number(account.totpLastStep),
    now(),
  )
  if (
    checked === 'replayed' ||
    (typeof checked === 'object' &&
      !(await repo.claimTotpStep(db, account.id, checked.step)))
  )
    return 'replayed'
  if (checked === 'wrong') return 'wrong'
  return null
}

// The refusal for a wrong or replayed code of a signed-in person, or null.
export async function codeProblem(
  context: StaffContext,
  account: StaffAccountRow,
  code: string,
): Promise<string | null> {
  const fault = await codeFault(context, account, code)
  return fault && CODE_REFUSALS[fault]
}

// Why an account may not sign in with a password at all, as the audit log says it.
function whyBarred(account: StaffAccountRow | undefined): string | null {
  if (!account || account.isSystem) return '账号不存在'
  if (account.isDisabled) return '账号已停用'
  if (!account.isEnrolled) return '账号尚未完成设置'
  return null
}

const CODE_CAUSES: Record<CodeFault, string> = {
  missing: '账号尚未完成设置',
  replayed: '动态验证码已使用过',
  wrong: '动态验证码错误',
}

export async function signIn(
  context: StaffContext,
  place: RequestPlace,
  input: { accountName: string; password: string; code: string },
) {
  const { db, now, stamp, throttle } = context
  const note = {
    actor: null,
    accountName: input.accountName.slice(0, 64),
    address: place.address,
    action: 'session.sign-in',
    target: input.accountName,
    detail: { method: 'password' },
  }
  // One answer whatever was wrong; only the audit log says what (see SIGN_IN_REFUSED).
  const refused = (cause: string) =>
    refuse(
      context,
      { ...note, detail: { ...note.detail, cause } },
      new Refusal(401, SIGN_IN_REFUSED),
    )
  const account = await repo.findAccountByName(db, input.accountName)
  const barred = whyBarred(account)
  // An address the account signed in from lately is its owner's: others' failures on the
  // name do not hold it back (docs/decisions/0069-throttle-sign-ins-not-lock-accounts.md).
  const isKnownPlace =
    !!account &&
    !barred &&
    (await repo.hasSignedInFrom(
      db,
      account.id,
      place.address,
      now().getTime() - STAFF_KNOWN_PLACE_MS,
    ))
  await refuseWhileThrottled(
    context,
    note,
    place,
    input.accountName,
    isKnownPlace,
  )
  if (!account || barred) {
    // The password is hashed as for an account that may sign in: timing tells nothing either.
    await isPasswordRight(
      await (context.dummyHash ??= hashPassword(randomSecret())),
      input.password,
    )
    // Counted as any wrong try, so the throttle does not tell which names exist.
    await throttle.recordFailure(place.address, input.accountName)
    return refused(barred ?? '账号不存在')
  }
  if (!(await isPasswordRight(account.passwordHash, input.password))) {
    await countFailure(context, account, place)
    return refused('密码错误')
  }
  const fault = await codeFault(context, account, input.code)
  if (fault) {
    await countFailure(context, account, place)
    return refused(CODE_CAUSES[fault])
  }
  await throttle.recordSuccess(place.address, account.accountName)
  const failedSignIns = failuresToTell(account)
  await repo.updateAccount(
    db,
    account.id,
    { failedTries: 0, lastFailedAt: null, lastFailedAddress: null },
    stamp(),
  )
  return {
    ...(await openSession(context, account, place, note)),
    failedSignIns,
  }
}

// The failures since the last sign-in, when there were enough to tell the person.
function failuresToTell(account: StaffAccountRow) {
  if (account.failedTries < STAFF_FAILURE_NOTICE_AT) return null
  return {
    count: account.failedTries,
    lastAt: toShanghaiText(new Date(Number(account.lastFailedAt))),
    lastAddress: account.lastFailedAddress ?? '',
  }
}

async function openSession(
  context: StaffContext,
  account: StaffAccountRow,
  place: RequestPlace,
  note: AuditNote,
) {
  const { db, now } = context
  const sessionId = randomSecret()
  const csrfToken = randomSecret()
  await repo.insertSession(db, {
    idHash: sha256Hex(sessionId),
    accountId: account.id,
    csrfToken,
    at: now().getTime(),
    address: place.address.slice(0, 64),
  })
  const roles = await repo.rolesOf(db, account.id)
  await audit(context, {
    ...note,
    actor: { accountId: account.id, accountName: account.accountName, roles },
  })
  return {
    sessionId,
    csrfToken,
    account: await describe(context, account),
    endsInMs: STAFF_SESSION_MAX_MS,
  }
}

export async function signInWithOidc(
  context: StaffContext,
  place: RequestPlace,
  subject: string,
) {
  const { db } = context
  const note = {
    actor: null,
    address: place.address,
    action: 'session.sign-in',
    detail: { method: 'oidc', subject },
  }
  const account = await repo.findAccountByOidcSubject(db, subject)
  if (!account || account.isSystem)
    return refuse(context, note, new OidcRefusal('oidc-unlinked'))
  const named = {
    ...note,
    accountName: account.accountName,
    target: account.accountName,
  }
  if (account.isDisabled)
    return refuse(context, named, new OidcRefusal('oidc-disabled'))
  return openSession(context, account, place, named)
}

export async function sessionActor(
  context: StaffContext,
  sessionId: string,
): Promise<StaffActor> {
  const { db, now } = context
  const idHash = sha256Hex(sessionId)
  const session = await repo.findSession(db, idHash)
  if (!session) throw new Refusal(401, '登录已失效，请重新登录')
  const at = now().getTime()
  if (session.endedAt !== null) throw new Refusal(401, '登录已结束，请重新登录')
  if (Number(session.createdAt) + STAFF_SESSION_MAX_MS <= at) {
    await repo.endSession(db, idHash, at)
    throw new Refusal(401, '登录已超过12小时，请重新登录')
  }
  if (Number(session.lastSeenAt) + STAFF_SESSION_IDLE_MS <= at) {
    await repo.endSession(db, idHash, at)
    throw new Refusal(401, '超过30分钟未操作，登录已过期，请重新登录')
  }
  const account = await accountOrRefuse(context, session.accountId)
  if (account.isDisabled) {
    await repo.endSession(db, idHash, at)
    throw new Refusal(401, '该账号已停用，登录已失效')
  }
  await repo.touchSession(db, idHash, at)
  return {
    accountId: account.id,
    accountName: account.accountName,
    displayName: account.displayName,
    roles: await repo.rolesOf(db, account.id),
    via: 'session',
    sessionIdHash: idHash,
    csrfToken: session.csrfToken,
    sessionEndsInMs: Number(session.createdAt) + STAFF_SESSION_MAX_MS - at,
  }
}

export async function signOut(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
) {
  const { db, now } = context
  if (actor.sessionIdHash)
    await repo.endSession(db, actor.sessionIdHash, now().getTime())
  await audit(context, {
    actor,
    address: place.address,
    action: 'session.sign-out',
  })
}

export async function endSessions(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  accountId: number,
) {
  const { db, now } = context
  const account = await accountOrRefuse(context, accountId)
  const ended = await repo.endSessionsOf(db, accountId, now().getTime())
  await audit(context, {
    actor,
    address: place.address,
    action: 'account.end-sessions',
    target: account.accountName,
    detail: { endedSessions: ended },
  })
  return { endedSessions: ended }
}

// The person's live sessions but `keep`, the one asking (ASVS 3.3.3: after a password change,
// and whenever the person asks).
export function endLiveSessions(
  context: StaffContext,
  accountId: number,
  keep: string | undefined,
) {
  const at = context.now().getTime()
  return repo.endSessionsOf(context.db, accountId, at, {
    keep,
    liveSince: {
      lastSeen: at - STAFF_SESSION_IDLE_MS,
      created: at - STAFF_SESSION_MAX_MS,
    },
  })
}

export async function endOtherSessions(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
) {
  const ended = await endLiveSessions(
    context,
    actor.accountId,
    actor.sessionIdHash,
  )
  await audit(context, {
    actor,
    address: place.address,
    action: 'self.end-other-sessions',
    target: actor.accountName,
    detail: { endedSessions: ended },
  })
  return { endedSessions: ended }
}

export async function openSessions(context: StaffContext, accountId: number) {
  const { db, now } = context
  const at = now().getTime()
  const rows = await repo.openSessionsOf(
    db,
    accountId,
    at - STAFF_SESSION_IDLE_MS,
    at - STAFF_SESSION_MAX_MS,
  )
  return rows.map((row) => ({
    signedInAt: toShanghaiText(new Date(Number(row.createdAt))),
    lastSeenAt: toShanghaiText(new Date(Number(row.lastSeenAt))),
    address: row.address,
  }))
}
