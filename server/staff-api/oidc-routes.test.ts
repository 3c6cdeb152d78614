import type { FastifyInstance } from 'fastify'
import { generateSync } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { OIDC_REFUSALS, type StaffRole } from '#common/constants/staff.ts'
import {
  createTestDatabase,
  testEngines,
  type TestDatabase,
} from '#tests/db.ts'
import {
  closedAddress,
  startIdentityProvider,
  type TestIdentityProvider,
} from '#tests/identity-provider.ts'
import { TEST_NOW } from '#tests/setup/test-clock.ts'
import { buildTestApp } from '#tests/test-app.ts'

const PASSWORD = '长江黄河-tarim-2026!'
const CALLBACK = 'http://127.0.0.1:3000/staff-api/oidc/callback'
// The staff service's clock, moved on by hand between TOTP codes (one code per time step).
let clock = TEST_NOW
const code = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(clock.getTime() / 1000) })

/** The cookie of `name` a response sets, with its attributes; undefined when it sets none. */
function setCookie(
  response: { headers: Record<string, unknown> },
  name: string,
): string | undefined {
  const header = response.headers['set-cookie']
  const lines = Array.isArray(header) ? header : header ? [String(header)] : []
  return lines.find((line: string) => line.startsWith(`${name}=`))
}
const pairOf = (cookie: string | undefined) => cookie?.split(';')[0] ?? ''

describe.each(testEngines)(
  'staff sign-in through the identity provider on %s',
  (engine) => {
    let t: TestDatabase
    let idp: TestIdentityProvider
    let app: FastifyInstance
    let admin: { cookie: string; csrf: string }

    beforeAll(async () => {
      t = await createTestDatabase(engine)
      // The provider asserts a role claim of its own: roles here come from our accounts only.
      idp = await startIdentityProvider({
        redirectUri: CALLBACK,
        claims: { name: '统一身份', groups: ['系统管理员'] },
      })
      app = await buildTestApp(t, {
        now: () => clock,
        config: {
          oidc: {
            issuer: idp.issuer,
            clientId: idp.clientId,
            clientSecret: idp.clientSecret,
            label: '水利厅统一身份认证',
          },
        },
      })
      const wang = await enrolled(['系统管理员'], 'wang.admin')
      clock = new Date(clock.getTime() + 30_000)
      const signedIn = await app.inject({
        method: 'POST',
        url: '/staff-api/session',
        payload: { ...wang, password: PASSWORD, code: code(wang.secret) },
      })
      expect(signedIn.statusCode).toBe(200)
      admin = {
        cookie: pairOf(setCookie(signedIn, 'staff-session')),
        csrf: signedIn.json().csrfToken,
      }
    })
    afterAll(async () => {
      await app?.close()
      await idp?.close()
      await t?.destroy()
    })

    /** An account set up through its link (password and factor): its name and secret. */
    async function enrolled(roles: StaffRole[], accountName: string) {
      const { setupUrl } = await app.staff.createAccount(
        null,
        { address: '127.0.0.1' },
        { accountName, displayName: `${accountName}姓名`, roles },
      )
      const token = new URL(setupUrl).searchParams.get('token')!
      const begun = await app.inject({
        method: 'POST',
        url: '/staff-api/setup/password',
        payload: { token, password: PASSWORD },
      })
      const { secret } = begun.json()
      const finished = await app.inject({
        method: 'POST',
        url: '/staff-api/setup/factor',
        payload: { token, code: code(secret) },
      })
      expect(finished.statusCode).toBe(200)
      return { accountName, secret }
    }

    /** A new account (not set up: it signs in through the provider only). */
    async function account(roles: StaffRole[], accountName: string) {
      const { account } = await app.staff.createAccount(
        null,
        { address: '127.0.0.1' },
        { accountName, displayName: `${accountName}姓名`, roles },
      )
      return account
    }

    const linkSubject = (id: number, subject: string | null, as = admin) =>
      app.inject({
        method: 'POST',
        url: `/staff-api/accounts/${id}/oidc-subject`,
        headers: { cookie: as.cookie, 'x-csrf-token': as.csrf },
        payload: { subject },
      })

    /**
     * li.handler, linked to the provider's subject uia|6501-0042 by the administrator once
     * for the whole file, whichever test asks first: the link's answer.
     */
    let handlerLink: Promise<unknown> | undefined
    const linkedHandler = () =>
      (handlerLink ??= (async () => {
        const li = await account(['投诉处理'], 'li.handler')
        return (await linkSubject(li.id, 'uia|6501-0042')).json()
      })())

    /** The browser begins a sign-in: the provider's URL and the browser's cookie. */
    async function start(returnTo?: string) {
      const started = await app.inject({
        url: '/staff-api/oidc/start',
        query: returnTo === undefined ? {} : { returnTo },
      })
      expect(started.statusCode).toBe(303)
      const browserCookie = setCookie(started, 'staff-oidc')
      expect(browserCookie).toMatch(/HttpOnly; SameSite=Lax/)
      return {
        authorizationUrl: started.headers.location as string,
        browserCookie: pairOf(browserCookie),
      }
    }

    /** The browser comes back to the callback, with or without its cookie. */
    const callback = (url: URL, cookie = '') =>
      app.inject({
        url: `${url.pathname}${url.search}`,
        headers: cookie ? { cookie } : {},
      })

    /** A whole sign-in as `subject` at the provider: the callback's answer. */
    async function signInAs(subject: string, returnTo?: string) {
      const { authorizationUrl, browserCookie } = await start(returnTo)
      const back = await idp.signInAs(authorizationUrl, subject)
      return {
        back,
        browserCookie,
        answer: await callback(back, browserCookie),
      }
    }

    const lastAudit = async () => {
      const row = await t.db
        .selectFrom('staffAudit')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      return { ...row, detail: JSON.parse(row.detail) }
    }
    const sessionCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('staffSession')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    /** A refused callback: back to the sign-in page with its code, no session, audited. */
    async function expectRefused(
      answer: Awaited<ReturnType<typeof callback>>,
      error: keyof typeof OIDC_REFUSALS,
    ) {
      expect(answer.statusCode).toBe(303)
      expect(answer.headers.location).toBe(`/admin/login?error=${error}`)
      expect(setCookie(answer, 'staff-session')).toBeUndefined()
      // The browser's key is cleared whatever the outcome.
      expect(setCookie(answer, 'staff-oidc')).toMatch(
        /^staff-oidc=;.*Max-Age=0/,
      )
      const audit = await lastAudit()
      expect(audit).toMatchObject({
        action: 'session.sign-in',
        outcome: 'refused',
        detail: { method: 'oidc', reason: OIDC_REFUSALS[error] },
      })
      return audit
    }

    it('tells the sign-in page its button', async () => {
      const options = await app.inject({ url: '/staff-api/sign-in-options' })
      expect(options.json()).toEqual({
        oidc: {
          label: '水利厅统一身份认证',
          startUrl: '/staff-api/oidc/start',
        },
      })
    })

    it('signs a linked person in with the roles of their account here, and returns to the console page they were on', async () => {
      expect(await linkedHandler()).toMatchObject({
        accountName: 'li.handler',
        oidcSubject: 'uia|6501-0042',
      })

      const { authorizationUrl } = await start(
        '/admin/complaints?state=accepted',
      )
      // Authorization code with PKCE (S256), state and nonce, back to our callback.
      const asked = new URL(authorizationUrl)
      expect(asked.origin).toBe(idp.issuer)
      expect(Object.fromEntries(asked.searchParams)).toMatchObject({
        client_id: idp.clientId,
        response_type: 'code',
        scope: 'openid',
        redirect_uri: CALLBACK,
        code_challenge_method: 'S256',
        state: expect.stringMatching(/^[\w-]{43}$/),
        nonce: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      })

      const before = await sessionCount()
      const { answer } = await signInAs(
        'uia|6501-0042',
        '/admin/complaints?state=accepted',
      )
      expect(answer.statusCode).toBe(303)
      expect(answer.headers.location).toBe('/admin/complaints?state=accepted')
      const session = setCookie(answer, 'staff-session')
      expect(session).toMatch(/HttpOnly; SameSite=Strict/)
      expect(await sessionCount()).toBe(before + 1)

      const cookie = pairOf(session)
      const me = await app.inject({
        url: '/staff-api/session',
        headers: { cookie },
      })
      expect(me.json().account).toMatchObject({
        accountName: 'li.handler',
        roles: ['投诉处理'],
      })
      // The provider's "groups: 系统管理员" gives nothing: the account's roles decide.
      expect(
        (
          await app.inject({
            url: '/staff-api/complaints',
            headers: { cookie },
          })
        ).statusCode,
      ).toBe(200)
      const accounts = await app.inject({
        url: '/staff-api/accounts',
        headers: { cookie },
      })
      expect(accounts.statusCode).toBe(403)
      expect(accounts.json().message).toContain('系统管理员')

      const audit = await t.db
        .selectFrom('staffAudit')
        .selectAll()
        .where('action', '=', 'session.sign-in')
        .where('accountName', '=', 'li.handler')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      expect(audit).toMatchObject({ outcome: 'ok', roles: '投诉处理' })
      expect(JSON.parse(audit.detail)).toEqual({
        method: 'oidc',
        subject: 'uia|6501-0042',
      })
    })

    it('refuses a replayed callback, and a callback in another browser', async () => {
      await linkedHandler()
      const { back, browserCookie, answer } = await signInAs('uia|6501-0042')
      expect(answer.headers.location).toBe('/admin')
      const sessions = await sessionCount()
      await expectRefused(await callback(back, browserCookie), 'oidc-expired')

      // Someone else's callback URL opened in this browser (login CSRF): refused.
      const { authorizationUrl } = await start()
      const theirs = await idp.signInAs(authorizationUrl, 'uia|6501-0042')
      await expectRefused(await callback(theirs), 'oidc-expired')
      await expectRefused(
        await callback(theirs, 'staff-oidc=' + 'x'.repeat(43)),
        'oidc-expired',
      )
      await expectRefused(
        await app.inject({ url: '/staff-api/oidc/callback?code=abc' }),
        'oidc-expired',
      )
      expect(await sessionCount()).toBe(sessions)
    })

    it('refuses a subject linked to no account, and says so in the audit log', async () => {
      const sessions = await sessionCount()
      const { answer } = await signInAs('uia|stranger')
      const audit = await expectRefused(answer, 'oidc-unlinked')
      expect(audit).toMatchObject({
        accountName: '（未识别）',
        accountId: null,
      })
      expect(audit.detail.subject).toBe('uia|stranger')
      expect(await sessionCount()).toBe(sessions)
    })

    it('refuses a disabled account, and is not stopped by wrong passwords', async () => {
      const zhou = await account(['投诉负责人'], 'zhou.head')
      await linkSubject(zhou.id, 'uia|zhou')
      const disabled = await app.inject({
        method: 'POST',
        url: `/staff-api/accounts/${zhou.id}/disabled`,
        headers: { cookie: admin.cookie, 'x-csrf-token': admin.csrf },
        payload: { isDisabled: true },
      })
      expect(disabled.json().isDisabled).toBe(true)
      const audit = await expectRefused(
        (await signInAs('uia|zhou')).answer,
        'oidc-disabled',
      )
      expect(audit).toMatchObject({ accountName: 'zhou.head' })

      // Wrong passwords only slow password sign-in: the provider has proved who the person is.
      const sun = await enrolled(['投诉处理'], 'sun.handler')
      const { id } = await app.staff.accountNamed('sun.handler')
      await linkSubject(id, 'uia|sun')
      for (let i = 0; i < 5; i++)
        await app.inject({
          method: 'POST',
          url: '/staff-api/session',
          payload: {
            accountName: sun.accountName,
            password: 'wrong-password-123',
            code: '000000',
          },
        })
      expect((await app.staff.accountNamed('sun.handler')).failedSignIns).toBe(
        5,
      )
      const sessions = await sessionCount()
      expect((await signInAs('uia|sun')).answer.statusCode).toBe(303)
      expect(await sessionCount()).toBe(sessions + 1)
    })

    it('refuses when the person cancels at the provider', async () => {
      const { authorizationUrl, browserCookie } = await start()
      const back = await idp.cancel(authorizationUrl)
      expect(back.searchParams.get('error')).toBe('access_denied')
      const audit = await expectRefused(
        await callback(back, browserCookie),
        'oidc-denied',
      )
      expect(audit.detail.providerError).toMatch(/^access_denied/)
    })

    it('returns only to console pages', async () => {
      await linkedHandler()
      for (const returnTo of [
        'https://evil.example/admin',
        '//evil.example/admin',
        '/complaint/list',
        '/admin/../complaint/list',
      ]) {
        const { answer } = await signInAs('uia|6501-0042', returnTo)
        expect(answer.headers.location, returnTo).toBe('/admin')
      }
    })

    it('lets only an administrator link a subject, once, and unlink it', async () => {
      await linkedHandler()
      const qian = await account(['投诉处理'], 'qian.handler')
      const taken = await linkSubject(qian.id, 'uia|6501-0042')
      expect(taken.statusCode).toBe(409)
      expect(taken.json().message).toBe(
        '该统一身份认证标识已关联账号“li.handler”，请先解除那里的关联',
      )
      expect(await lastAudit()).toMatchObject({
        action: 'account.oidc-link',
        outcome: 'refused',
        target: 'qian.handler',
      })
      const bad = await linkSubject(qian.id, 'has space')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toContain('不含空格')

      const noCsrf = await app.inject({
        method: 'POST',
        url: `/staff-api/accounts/${qian.id}/oidc-subject`,
        headers: { cookie: admin.cookie },
        payload: { subject: 'uia|qian' },
      })
      expect(noCsrf.statusCode).toBe(403)

      // The linked handler, signed in through the provider, cannot link anyone.
      const { answer } = await signInAs('uia|6501-0042')
      const handlerCookie = pairOf(setCookie(answer, 'staff-session'))
      const handler = {
        cookie: handlerCookie,
        csrf: (
          await app.inject({
            url: '/staff-api/session',
            headers: { cookie: handlerCookie },
          })
        ).json().csrfToken,
      }
      const refused = await linkSubject(qian.id, 'uia|qian', handler)
      expect(refused.statusCode).toBe(403)
      expect(await lastAudit()).toMatchObject({
        accountName: 'li.handler',
        action: 'account.oidc-link',
        outcome: 'refused',
      })

      const linked = await linkSubject(qian.id, 'uia|qian')
      expect(linked.json().oidcSubject).toBe('uia|qian')
      const unlinked = await linkSubject(qian.id, null)
      expect(unlinked.json().oidcSubject).toBeNull()
      expect(await lastAudit()).toMatchObject({
        accountName: 'wang.admin',
        action: 'account.oidc-unlink',
        outcome: 'ok',
        target: 'qian.handler',
        detail: { before: 'uia|qian', after: null },
      })
      await expectRefused((await signInAs('uia|qian')).answer, 'oidc-unlinked')
    })

    it('sends the browser back to sign in when the provider cannot be reached', async () => {
      const cut = await buildTestApp(t, {
        config: {
          oidc: {
            issuer: await closedAddress(),
            clientId: 'x',
            clientSecret: 'y',
            label: '统一身份认证登录',
          },
        },
      })
      try {
        const started = await cut.inject({ url: '/staff-api/oidc/start' })
        expect(started.statusCode).toBe(303)
        expect(started.headers.location).toBe(
          '/admin/login?error=oidc-unavailable',
        )
        expect(setCookie(started, 'staff-oidc')).toBeUndefined()
        expect(await lastAudit()).toMatchObject({
          action: 'session.sign-in',
          outcome: 'refused',
          detail: { method: 'oidc', reason: OIDC_REFUSALS['oidc-unavailable'] },
        })
      } finally {
        await cut.close()
      }
    })

    it('offers nothing when OIDC is not configured', async () => {
      const plain = await buildTestApp(t)
      try {
        expect(
          (await plain.inject({ url: '/staff-api/sign-in-options' })).json(),
        ).toEqual({ oidc: null })
        for (const url of [
          '/staff-api/oidc/start?returnTo=/admin',
          '/staff-api/oidc/callback?code=a&state=b',
        ]) {
          const answer = await plain.inject({ url })
          expect(answer.statusCode).toBe(404)
          expect(answer.json().message).toBe(
            '本系统未启用统一身份认证登录，请使用账号、密码和动态验证码登录',
          )
        }
      } finally {
        await plain.close()
      }
    })
  },
)
