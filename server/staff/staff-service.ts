import type { Kysely } from 'kysely'

import {
  EXCLUSIVE_ROLE_PAIRS,
  ROLE_ADMIN,
  STAFF_LOCK_MS,
  STAFF_MAX_FAILED_TRIES,
  STAFF_ROLES,
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
  STAFF_SETUP_LINK_MS,
  type StaffRole,
} from '#common/constants/staff.ts'
import type { Database, StaffAccountRow } from '#server/db/schema.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { appendAudit } from './audit-repository.ts'
import { OidcRefusal } from './oidc-refusal.ts'
import {
  assertGoodPassword,
  hashPassword,
  isPasswordRight,
} from './password-policy.ts'
import { randomSecret, secretBox, sha256Hex } from './secret-box.ts'
import * as repo from './staff-repository.ts'
import { checkTotp, newTotpSecret, totpUri } from './totp.ts'

/** Who acts: a signed-in person (session) or a program with a person's API token. */
export type StaffActor = {
  accountId: number
  accountName: string
  displayName: string
  /** For a token, its scope within the person's current roles. */
  roles: StaffRole[]
  via: 'session' | 'token'
  sessionIdHash?: string
  csrfToken?: string
  tokenId?: number
}

/** Where a request came from: Fastify's request.ip (TRUST_PROXY decides which address). */
export type RequestPlace = { address: string }

export type AuditNote = {
  actor: Pick<StaffActor, 'accountId' | 'accountName' | 'roles'> | null
  /** Who the entry is about when no actor is known (a failed sign-in's account name). */
  accountName?: string
  address: string
  action: string
  target?: string
  outcome?: 'ok' | 'refused'
  detail?: Record<string, unknown>
}

/** Refusals the service has written to the audit log itself (the edge does not add them again). */
export const auditedRefusals = new WeakSet<Error>()

export type StaffServiceOptions = {
  db: Kysely<Database>
  /** STAFF_SECRET_KEY: encrypts the TOTP secrets. */
  secretKey: string
  /** PUBLIC_BASE_URL: setup links point at its /admin/setup. */
  publicBaseUrl: string
  now?: () => Date
}

const ACCOUNT_NAME_PATTERN = /^[a-z][a-z0-9._-]{2,31}$/

export function createStaffService({
  db,
  secretKey,
  publicBaseUrl,
  now = () => new Date(),
}: StaffServiceOptions) {
  const box = secretBox(secretKey)
  // A hash of a random text, so an unknown account name costs as much as a real one.
  let dummyHash: Promise<string> | undefined
  const stamp = () => toShanghaiText(now())

  async function audit(note: AuditNote): Promise<void> {
    await appendAudit(db, {
      occurredAt: stamp(),
      accountId: note.actor?.accountId ?? null,
      accountName: note.actor?.accountName ?? note.accountName ?? '（未识别）',
      roles: note.actor?.roles.join(',') ?? '',
      address: note.address.slice(0, 64),
      action: note.action,
      target: (note.target ?? '').slice(0, 200),
      outcome: note.outcome ?? 'ok',
      detail: JSON.stringify(note.detail ?? {}),
    })
  }

  /** Throws `refusal` after writing the attempt to the audit log. */
  async function refuse(note: AuditNote, refusal: Refusal): Promise<never> {
    await audit({
      ...note,
      outcome: 'refused',
      detail: { ...note.detail, reason: refusal.message },
    })
    auditedRefusals.add(refusal)
    throw refusal
  }

  function checkRoles(roles: StaffRole[]): StaffRole[] {
    const unique = [...new Set(roles)]
    for (const role of unique)
      if (!STAFF_ROLES.includes(role))
        throw new Refusal(400, `没有“${role}”这个角色`)
    for (const [a, b] of EXCLUSIVE_ROLE_PAIRS)
      if (unique.includes(a) && unique.includes(b))
        throw new Refusal(409, `“${a}”与“${b}”不能由同一人兼任`)
    return STAFF_ROLES.filter((role) => unique.includes(role))
  }

  /**
   * A person's account. The built-in system accounts (the author and reviewer of content that
   * existed before the review workflow) are nobody's: unknown here, so no one manages, links,
   * enables or signs in with them.
   */
  async function accountOrRefuse(id: number): Promise<StaffAccountRow> {
    const account = await repo.findAccountById(db, id)
    if (!account || account.isSystem) throw new Refusal(404, '该账号不存在')
    return account
  }

  /** A new setup link for an account: earlier ones stop working. */
  async function issueSetupLink(accountId: number): Promise<string> {
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

  async function describe(account: StaffAccountRow) {
    const lockedUntil = Number(account.lockedUntil)
    return {
      id: account.id,
      accountName: account.accountName,
      displayName: account.displayName,
      roles: await repo.rolesOf(db, account.id),
      isEnrolled: account.isEnrolled === 1,
      isDisabled: account.isDisabled === 1,
      lockedUntil:
        lockedUntil > now().getTime()
          ? toShanghaiText(new Date(lockedUntil))
          : null,
      oidcSubject: account.oidcSubject,
      createdAt: account.createdAt,
      updatedAt: account.updatedAt,
    }
  }

  async function createAccount(
    actor: StaffActor | null,
    place: RequestPlace,
    input: { accountName: string; displayName: string; roles: StaffRole[] },
  ) {
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
    const setupUrl = await issueSetupLink(id)
    await audit({
      actor,
      accountName: actor ? undefined : '（命令行）',
      address: place.address,
      action: 'account.create',
      target: input.accountName,
      detail: { displayName: input.displayName, roles },
    })
    return { account: await describe(await accountOrRefuse(id)), setupUrl }
  }

  /** The account a setup link is for, or the reason it no longer works. */
  async function setupLinkAccount(token: string) {
    const link = await repo.findSetupLink(db, sha256Hex(token))
    if (!link)
      throw new Refusal(404, '设置链接无效，请核对链接或联系系统管理员')
    if (link.usedAt !== null)
      throw new Refusal(410, '该设置链接已使用过，请联系系统管理员重新发送')
    if (Number(link.expiresAt) <= now().getTime())
      throw new Refusal(
        410,
        '设置链接已过期（有效期24小时），请联系系统管理员重新发送',
      )
    const account = await accountOrRefuse(link.accountId)
    if (account.isDisabled) throw new Refusal(403, '该账号已停用')
    return { link, account }
  }

  async function setupInfo(token: string) {
    const { link, account } = await setupLinkAccount(token)
    return {
      accountName: account.accountName,
      displayName: account.displayName,
      expiresAt: toShanghaiText(new Date(Number(link.expiresAt))),
    }
  }

  /** Step 1 of a setup link: the new password, and a new TOTP secret to enrol. */
  async function beginSetup(
    place: RequestPlace,
    token: string,
    password: string,
  ) {
    const { account } = await setupLinkAccount(token).catch((refusal) =>
      refuse(
        { actor: null, address: place.address, action: 'setup.password' },
        refusal as Refusal,
      ),
    )
    assertGoodPassword(password, account.accountName)
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

  /** Step 2: a valid code of the new secret confirms it; the link is used up. */
  async function finishSetup(place: RequestPlace, token: string, code: string) {
    const note = { actor: null, address: place.address, action: 'setup.finish' }
    const { account } = await setupLinkAccount(token).catch((refusal) =>
      refuse(note, refusal as Refusal),
    )
    const named = { ...note, accountName: account.accountName }
    if (!account.pendingTotpSecret || !account.passwordHash)
      return refuse(named, new Refusal(409, '请先设置密码'))
    const secret = box.open(account.pendingTotpSecret)
    const checked = await checkTotp(
      secret,
      code,
      Number(account.totpLastStep),
      now(),
    )
    if (typeof checked === 'string')
      return refuse(
        named,
        new Refusal(400, '动态验证码不正确，请核对验证器中的当前验证码'),
      )
    if (!(await repo.useSetupLink(db, sha256Hex(token), now().getTime())))
      return refuse(
        named,
        new Refusal(410, '该设置链接已使用过，请联系系统管理员重新发送'),
      )
    await repo.updateAccount(
      db,
      account.id,
      {
        totpSecret: account.pendingTotpSecret,
        pendingTotpSecret: null,
        totpLastStep: checked.step,
        isEnrolled: 1,
        failedTries: 0,
        lockedUntil: 0,
      },
      stamp(),
    )
    await repo.endSessionsOf(db, account.id, now().getTime())
    await audit({
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

  /** One more wrong try; the fifth in a row locks the account. */
  async function countFailure(account: StaffAccountRow, place: RequestPlace) {
    const tries = await repo.addFailedTry(db, account.id)
    if (tries < STAFF_MAX_FAILED_TRIES) return
    const until = now().getTime() + STAFF_LOCK_MS
    await repo.updateAccount(
      db,
      account.id,
      { failedTries: 0, lockedUntil: until },
      stamp(),
    )
    await audit({
      actor: null,
      accountName: account.accountName,
      address: place.address,
      action: 'account.lock',
      target: account.accountName,
      detail: { tries, lockedUntil: toShanghaiText(new Date(until)) },
    })
  }

  const lockedMessage = (until: number) =>
    `连续输错${STAFF_MAX_FAILED_TRIES}次，账号已锁定，请于${toShanghaiText(new Date(until)).slice(11, 16)}后再试`

  /**
   * Checks a person's TOTP code against their enrolled secret and claims its time step:
   * the refusal for a wrong or replayed code, or null.
   */
  async function codeProblem(
    account: StaffAccountRow,
    code: string,
  ): Promise<string | null> {
    if (!account.totpSecret) return '尚未绑定动态验证码'
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
      return '该动态验证码已使用过，请等待验证器显示下一个验证码'
    if (checked === 'wrong') return '动态验证码错误'
    return null
  }

  async function signIn(
    place: RequestPlace,
    input: { accountName: string; password: string; code: string },
  ) {
    const note = {
      actor: null,
      accountName: input.accountName.slice(0, 64),
      address: place.address,
      action: 'session.sign-in',
      target: input.accountName,
      detail: { method: 'password' },
    }
    const found = await repo.findAccountByName(db, input.accountName)
    const account = found?.isSystem ? undefined : found
    if (!account) {
      // The same work as for a real account: timing does not tell which names exist.
      await isPasswordRight(
        await (dummyHash ??= hashPassword(randomSecret())),
        input.password,
      )
      return refuse(note, new Refusal(401, '账号或密码错误'))
    }
    const lockedUntil = Number(account.lockedUntil)
    if (lockedUntil > now().getTime())
      return refuse(note, new Refusal(423, lockedMessage(lockedUntil)))
    if (account.isDisabled)
      return refuse(note, new Refusal(403, '该账号已停用，请联系系统管理员'))
    if (!account.isEnrolled)
      return refuse(
        note,
        new Refusal(403, '该账号尚未完成设置，请使用系统管理员发送的设置链接'),
      )
    if (!(await isPasswordRight(account.passwordHash, input.password))) {
      await countFailure(account, place)
      return refuse(note, new Refusal(401, '账号或密码错误'))
    }
    const problem = await codeProblem(account, input.code)
    if (problem) {
      await countFailure(account, place)
      return refuse(note, new Refusal(401, problem))
    }
    await repo.updateAccount(
      db,
      account.id,
      { failedTries: 0, lockedUntil: 0 },
      stamp(),
    )
    return openSession(account, place, note)
  }

  /**
   * A new server-side session for a person who has proved who they are (password and code, or
   * the identity provider): the sign-in is audited with the roles the account holds here.
   */
  async function openSession(
    account: StaffAccountRow,
    place: RequestPlace,
    note: AuditNote,
  ) {
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
    await audit({
      ...note,
      actor: { accountId: account.id, accountName: account.accountName, roles },
    })
    return { sessionId, csrfToken, account: await describe(account) }
  }

  /**
   * Signing in as the account linked to the identity provider's subject: the provider has
   * proved who the person is, the account here decides whether they may come in and with
   * which roles. Refusals name their OIDC_REFUSALS code for the sign-in page.
   */
  async function signInWithOidc(place: RequestPlace, subject: string) {
    const note = {
      actor: null,
      address: place.address,
      action: 'session.sign-in',
      detail: { method: 'oidc', subject },
    }
    const account = await repo.findAccountByOidcSubject(db, subject)
    if (!account || account.isSystem)
      return refuse(note, new OidcRefusal('oidc-unlinked'))
    const named = {
      ...note,
      accountName: account.accountName,
      target: account.accountName,
    }
    if (account.isDisabled)
      return refuse(named, new OidcRefusal('oidc-disabled'))
    // A lockout stops every way in: the provider does not lift what wrong passwords here set.
    if (Number(account.lockedUntil) > now().getTime())
      return refuse(named, new OidcRefusal('oidc-locked'))
    return openSession(account, place, named)
  }

  /** The person behind a session cookie, or why the session no longer counts. */
  async function sessionActor(sessionId: string): Promise<StaffActor> {
    const idHash = sha256Hex(sessionId)
    const session = await repo.findSession(db, idHash)
    if (!session) throw new Refusal(401, '登录已失效，请重新登录')
    const at = now().getTime()
    if (session.endedAt !== null)
      throw new Refusal(401, '登录已结束，请重新登录')
    if (Number(session.createdAt) + STAFF_SESSION_MAX_MS <= at) {
      await repo.endSession(db, idHash, at)
      throw new Refusal(401, '登录已超过12小时，请重新登录')
    }
    if (Number(session.lastSeenAt) + STAFF_SESSION_IDLE_MS <= at) {
      await repo.endSession(db, idHash, at)
      throw new Refusal(401, '超过30分钟未操作，登录已过期，请重新登录')
    }
    const account = await accountOrRefuse(session.accountId)
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
    }
  }

  /** The person behind a personal API token, acting with its roles they still hold. */
  async function tokenActor(token: string): Promise<StaffActor> {
    const row = await repo.findApiTokenByHash(db, sha256Hex(token))
    if (!row) throw new Refusal(401, '个人API令牌无效')
    if (row.revokedAt !== null) throw new Refusal(401, '该个人API令牌已撤销')
    const account = await accountOrRefuse(row.accountId)
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

  async function signOut(actor: StaffActor, place: RequestPlace) {
    if (actor.sessionIdHash)
      await repo.endSession(db, actor.sessionIdHash, now().getTime())
    await audit({ actor, address: place.address, action: 'session.sign-out' })
  }

  async function changePassword(
    actor: StaffActor,
    place: RequestPlace,
    input: { currentPassword: string; newPassword: string },
  ) {
    const account = await accountOrRefuse(actor.accountId)
    const note = { actor, address: place.address, action: 'self.password' }
    if (!(await isPasswordRight(account.passwordHash, input.currentPassword))) {
      await countFailure(account, place)
      return refuse(note, new Refusal(401, '当前密码不正确'))
    }
    assertGoodPassword(input.newPassword, account.accountName)
    await repo.updateAccount(
      db,
      account.id,
      { passwordHash: await hashPassword(input.newPassword), failedTries: 0 },
      stamp(),
    )
    await audit(note)
  }

  /** Re-enrolment, step 1: a current code of the old factor, then a new secret to enrol. */
  async function beginReenrol(
    actor: StaffActor,
    place: RequestPlace,
    code: string,
  ) {
    const account = await accountOrRefuse(actor.accountId)
    const note = { actor, address: place.address, action: 'self.factor-begin' }
    const problem = await codeProblem(account, code)
    if (problem) {
      await countFailure(account, place)
      return refuse(note, new Refusal(401, problem))
    }
    const secret = newTotpSecret()
    await repo.updateAccount(
      db,
      account.id,
      { pendingTotpSecret: box.seal(secret) },
      stamp(),
    )
    await audit(note)
    return { secret, otpauthUri: totpUri(secret, account.accountName) }
  }

  /** Step 2: a code of the new secret replaces the old one. */
  async function finishReenrol(
    actor: StaffActor,
    place: RequestPlace,
    code: string,
  ) {
    const account = await accountOrRefuse(actor.accountId)
    const note = { actor, address: place.address, action: 'self.factor-finish' }
    if (!account.pendingTotpSecret)
      return refuse(note, new Refusal(409, '请先用当前验证码开始重新绑定'))
    const checked = await checkTotp(
      box.open(account.pendingTotpSecret),
      code,
      Number(account.totpLastStep),
      now(),
    )
    if (typeof checked === 'string')
      return refuse(note, new Refusal(400, '新验证器的动态验证码不正确'))
    await repo.updateAccount(
      db,
      account.id,
      {
        totpSecret: account.pendingTotpSecret,
        pendingTotpSecret: null,
        totpLastStep: checked.step,
      },
      stamp(),
    )
    await audit(note)
  }

  async function setRoles(
    actor: StaffActor,
    place: RequestPlace,
    accountId: number,
    wanted: StaffRole[],
  ) {
    const account = await accountOrRefuse(accountId)
    const roles = checkRoles(wanted)
    const before = await repo.rolesOf(db, accountId)
    if (
      accountId === actor.accountId &&
      before.includes(ROLE_ADMIN) &&
      !roles.includes(ROLE_ADMIN)
    )
      throw new Refusal(
        409,
        '不能取消自己的系统管理员角色，请由另一位管理员操作',
      )
    await db
      .transaction()
      .execute((trx) => repo.replaceRoles(trx, accountId, roles))
    await audit({
      actor,
      address: place.address,
      action: 'account.roles',
      target: account.accountName,
      detail: { before, after: roles },
    })
    return describe(account)
  }

  async function setDisabled(
    actor: StaffActor,
    place: RequestPlace,
    accountId: number,
    isDisabled: boolean,
  ) {
    const account = await accountOrRefuse(accountId)
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
    await audit({
      actor,
      address: place.address,
      action: isDisabled ? 'account.disable' : 'account.enable',
      target: account.accountName,
      detail: { isDisabled, endedSessions: ended },
    })
    return describe(await accountOrRefuse(accountId))
  }

  /** A new setup link: the person sets a new password and enrols a new factor. */
  async function resetFactor(
    actor: StaffActor,
    place: RequestPlace,
    accountId: number,
  ) {
    const account = await accountOrRefuse(accountId)
    await repo.updateAccount(
      db,
      accountId,
      { isEnrolled: 0, totpSecret: null, pendingTotpSecret: null },
      stamp(),
    )
    const ended = await repo.endSessionsOf(db, accountId, now().getTime())
    const setupUrl = await issueSetupLink(accountId)
    await audit({
      actor,
      address: place.address,
      action: 'account.reset-factor',
      target: account.accountName,
      detail: { endedSessions: ended },
    })
    return {
      account: await describe(await accountOrRefuse(accountId)),
      setupUrl,
    }
  }

  async function endSessions(
    actor: StaffActor,
    place: RequestPlace,
    accountId: number,
  ) {
    const account = await accountOrRefuse(accountId)
    const ended = await repo.endSessionsOf(db, accountId, now().getTime())
    await audit({
      actor,
      address: place.address,
      action: 'account.end-sessions',
      target: account.accountName,
      detail: { endedSessions: ended },
    })
    return { endedSessions: ended }
  }

  /**
   * Links an account to the identity provider's subject, or unlinks it (null): from then on
   * that person signs in through the provider as this account. A subject belongs to one
   * account only.
   */
  async function setOidcSubject(
    actor: StaffActor | null,
    place: RequestPlace,
    accountId: number,
    subject: string | null,
  ) {
    const account = await accountOrRefuse(accountId)
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
    if (holder && holder.id !== accountId) return refuse(note, taken)
    if (!(await repo.setOidcSubject(db, accountId, subject, stamp())))
      return refuse(note, taken)
    await audit(note)
    return describe(await accountOrRefuse(accountId))
  }

  /** An account by its name, for the command line. */
  async function accountNamed(accountName: string) {
    const account = await repo.findAccountByName(db, accountName)
    if (!account || account.isSystem)
      throw new Refusal(404, `没有账号“${accountName}”`)
    return describe(account)
  }

  async function listAccounts() {
    const accounts = await repo.listAccounts(db)
    return Promise.all(accounts.map(describe))
  }

  async function openSessions(accountId: number) {
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

  /** A personal API token, shown once: its scope is a subset of the person's roles. */
  async function createApiToken(
    actor: StaffActor,
    place: RequestPlace,
    input: { name: string; roles: StaffRole[] },
  ) {
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
    await audit({
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

  async function listApiTokens(accountId?: number) {
    return (await repo.listApiTokens(db, accountId)).map(describeToken)
  }

  /** Revokes a token: one's own, or anyone's for an administrator. */
  async function revokeApiToken(
    actor: StaffActor,
    place: RequestPlace,
    id: number,
  ) {
    const row = await repo.findApiToken(db, id)
    if (
      !row ||
      (row.accountId !== actor.accountId && !actor.roles.includes(ROLE_ADMIN))
    )
      throw new Refusal(404, '该令牌不存在')
    if (!(await repo.revokeApiToken(db, id, stamp())))
      throw new Refusal(409, '该令牌已撤销')
    await audit({
      actor,
      address: place.address,
      action: 'token.revoke',
      target: `${row.accountId}/${id}`,
      detail: { name: row.name },
    })
  }

  return {
    audit,
    createAccount,
    setupInfo,
    beginSetup,
    finishSetup,
    signIn,
    signInWithOidc,
    sessionActor,
    tokenActor,
    signOut,
    changePassword,
    beginReenrol,
    finishReenrol,
    setRoles,
    setDisabled,
    resetFactor,
    endSessions,
    setOidcSubject,
    accountNamed,
    listAccounts,
    openSessions,
    createApiToken,
    listApiTokens,
    revokeApiToken,
  }
}
export type StaffService = ReturnType<typeof createStaffService>
