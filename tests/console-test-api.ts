import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import { generateSync } from 'otplib'
import { afterAll, beforeAll, expect } from 'vitest'

import type { StaffRole } from '#common/constants/staff.ts'
import type { DatabaseEngine } from '#server/db/database.ts'
import type { BuildAppOptions } from '#server/main.ts'
import type { Database } from '#server/db/schema.ts'

import { createTestDatabase, type TestDatabase } from './db.ts'
import { buildTestApp } from './test-app.ts'

export const CONSOLE_PASSWORD = '长江黄河-tarim-2026!'

export type EnrolledPerson = { accountName: string; secret: string }

// The test moves the clock by hand: one TOTP code per time step, so each sign-in moves it on.
export function useConsoleTestApp(
  engine: DatabaseEngine,
  options: Pick<BuildAppOptions, 'mail' | 'sms'> = {},
) {
  let database: TestDatabase
  let app: FastifyInstance
  let clock = new Date('2026-03-02T09:00:00+08:00')
  const now = () => clock
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms))
  const code = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(clock.getTime() / 1000) })

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    app = await buildTestApp(database, {
      now,
      autoAcceptIntervalMs: null,
      ...options,
    })
  })
  afterAll(async () => {
    await app?.close()
    await database?.destroy()
  })

  return {
    app: () => app,
    database: () => database,
    now,
    later,
    code,
    ...consoleDoors(
      () => app,
      () => database.db,
      code,
      later,
    ),
  }
}

function consoleDoors(
  app: () => FastifyInstance,
  db: () => Kysely<Database>,
  code: (secret: string) => string,
  later: (ms: number) => unknown,
) {
  const post = (url: string, payload: object, headers = {}) =>
    app().inject({ method: 'POST', url: `/staff-api${url}`, payload, headers })
  const tokenOf = (setupUrl: string) =>
    new URL(setupUrl).searchParams.get('token')!

  async function enrolled(
    roles: StaffRole[],
    accountName: string,
  ): Promise<EnrolledPerson> {
    const { setupUrl } = await app().staff.createAccount(
      null,
      { address: '127.0.0.1' },
      {
        accountName,
        displayName: `${accountName}姓名`,
        roles,
      },
    )
    const token = tokenOf(setupUrl)
    const begun = await post('/setup/password', {
      token,
      password: CONSOLE_PASSWORD,
    })
    expect(begun.statusCode).toBe(200)
    const { secret } = begun.json()
    expect(
      (await post('/setup/factor', { token, code: code(secret) })).statusCode,
    ).toBe(200)
    return { accountName, secret }
  }

  async function signIn(who: EnrolledPerson) {
    later(30_000)
    const r = await post('/session', {
      accountName: who.accountName,
      password: CONSOLE_PASSWORD,
      code: code(who.secret),
    })
    expect(r.statusCode).toBe(200)
    const cookie = String(r.headers['set-cookie']).split(';')[0]!
    return {
      cookie,
      csrf: r.json().csrfToken as string,
      setCookie: String(r.headers['set-cookie']),
    }
  }

  function wrongPasswordSignIn(who: EnrolledPerson) {
    return post('/session', {
      accountName: who.accountName,
      password: 'x'.repeat(12),
      code: code(who.secret),
    })
  }

  const lastAudit = () =>
    db()
      .selectFrom('staffAudit')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()

  return { post, tokenOf, enrolled, signIn, wrongPasswordSignIn, lastAudit }
}
