import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOfficialToken } from '#tests/complaint-test-api.ts'

import { portalSignNode } from '#server/portal/server-crypto.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import {
  asQuery,
  fillPath,
  headerSet,
  multipartBody,
  params,
  pathParam,
  queryString,
  rawBody,
  withSendTime,
} from '#tests/generated-requests.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

/*
 * Properties of the protocol edges: whatever a client sends (body, headers, query, signed or
 * not), the Portal API, the regional API, the staff API, the signing page, the open data at
 * /ocds and the saved searches' forms answer in time, with a success or a 4xx whose message is
 * Chinese, never a 5xx. Signed variants get past the signatures, so the routes' zod schemas
 * and the areas behind them see the generated values.
 */

const config = testConfig('')
/** A personal API token of the app under test (made in beforeAll). */
let staffToken = ''
const CHINESE = /[\u4e00-\u9fff]/
/** Runs per property: varied enough, and bounded for a loaded two-core machine. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300)
/** An answer slower than this is a hang. */
const ANSWER_WITHIN_MS = 10_000
const PROPERTY_TIMEOUT_MS = 60_000

type Route = { url: string; methods: string[] }

/**
 * The app's routes under `prefixes`, read from Fastify's route tree: every route registered,
 * none listed by hand, so a route is tried from the day it is added.
 */
function routesOf(app: FastifyInstance, prefixes: string[]): Route[] {
  const path: string[] = []
  const routes: Route[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    path.length = match[1]!.length / 4
    path.push(match[2]!)
    const url = path.join('')
    if (match[3] && prefixes.some((prefix) => url.startsWith(prefix)))
      routes.push({ url, methods: match[3].split(', ') })
  }
  return routes
}

/** `path` with `query`; without a `?` when there is none (inject would drop it unsigned). */
function withQuery(path: string, query: Record<string, string>) {
  const search = new URLSearchParams(query).toString()
  return search ? `${path}?${search}` : path
}

/** The message an answer gives the visitor, in whichever envelope its edge uses. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>
    for (const field of ['Msg', 'message', 'msg'])
      if (typeof parsed[field] === 'string') return parsed[field]
    return ''
  } catch {
    // The signing page answers HTML: its text is the message.
    return body
  }
}

let tried = 0
let app: FastifyInstance
let test: TestDatabase

async function answer(request: InjectOptions) {
  let timer: NodeJS.Timeout | undefined
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)),
      ANSWER_WITHIN_MS,
    )
  })
  try {
    return await Promise.race([app.inject(request), hung])
  } finally {
    clearTimeout(timer)
  }
}

/** What every answer must be: a success, or a 4xx that says why in Chinese. */
async function expectAnsweredWell(request: InjectOptions) {
  const response = await answer(request)
  const where = `${request.method} ${String(request.url).slice(0, 120)}`
  expect(response.statusCode, where).toBeLessThan(500)
  if (response.statusCode >= 400 && request.method !== 'HEAD')
    expect(messageOf(response.body), `${where} → ${response.body}`).toMatch(
      CHINESE,
    )
}

async function check<T>(
  arbitrary: fc.Arbitrary<T>,
  run: (input: T) => Promise<void>,
) {
  await fc.assert(fc.asyncProperty(arbitrary, run), {
    numRuns: RUNS,
    endOnFailure: true,
  })
  tried += RUNS
}

describe('the protocol edges under generated input', () => {
  let routes: Route[]
  const under = (prefix: string) =>
    routes.filter((route) => route.url.startsWith(prefix))

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test, { autoAcceptIntervalMs: null })
    staffToken = await createOfficialToken(app)
    await app.ready()
    routes = routesOf(app, [
      '/JdPortalApi',
      '/xjApi',
      '/staff-api',
      '/ca/sign',
      '/ocds',
      '/alerts',
    ])
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
    process.stdout.write(`property tests: ${tried} generated requests tried\n`)
  })

  it('finds every API route to try', () => {
    expect(under('/JdPortalApi/').length).toBeGreaterThanOrEqual(20)
    expect(under('/xjApi/').length).toBeGreaterThanOrEqual(13)
    expect(under('/staff-api/').length).toBeGreaterThanOrEqual(17)
    expect(under('/ca/sign').length).toBeGreaterThanOrEqual(1)
    expect(under('/ocds').length).toBeGreaterThanOrEqual(5)
    expect(under('/alerts/').length).toBeGreaterThanOrEqual(3)
  })

  it(
    'answers any body, header set and query, unsigned, without a 5xx',
    { timeout: PROPERTY_TIMEOUT_MS },
    async () => {
      await check(
        fc.record({
          route: fc.nat(),
          method: fc.oneof(
            { weight: 3, arbitrary: fc.constant('POST') },
            { weight: 3, arbitrary: fc.constant('') },
            {
              weight: 1,
              arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS'),
            },
          ),
          values: fc.array(pathParam, { minLength: 1, maxLength: 2 }),
          query: queryString,
          headers: headerSet(staffToken),
          body: fc.option(rawBody, { nil: undefined }),
          remoteAddress: fc.ipV4(),
        }),
        async (input) => {
          const route = routes[input.route % routes.length]!
          // POST where the route takes it, so that bodies reach the parsers; else one it takes.
          const isRoutes =
            input.method === '' ||
            (input.method === 'POST' && !route.methods.includes('POST'))
          const method = (
            isRoutes
              ? route.methods[input.route % route.methods.length]!
              : input.method
          ) as InjectOptions['method']
          const hasBody = method !== 'GET' && method !== 'HEAD'
          await expectAnsweredWell({
            method,
            url: `${fillPath(route.url, input.values)}?${input.query}`,
            headers: input.headers,
            payload: hasBody ? withSendTime(input.body) : undefined,
            remoteAddress: input.remoteAddress,
          })
        },
      )
    },
  )

  it(
    'answers signed Portal calls with generated parameters without a 5xx',
    { timeout: PROPERTY_TIMEOUT_MS },
    async () => {
      const portal = under('/JdPortalApi/').filter(
        (route) => !route.url.includes('/File/'),
      )
      await check(
        fc.record({
          route: fc.nat(),
          isGet: fc.boolean(),
          params,
          remoteAddress: fc.ipV4(),
        }),
        async ({ route: index, isGet, params: sent, remoteAddress }) => {
          const route = portal[index % portal.length]!
          const ts = Date.now()
          if (isGet && route.methods.includes('GET')) {
            const search = new URLSearchParams({
              ...asQuery(sent),
              ts: String(ts),
            })
            await expectAnsweredWell({
              method: 'GET',
              url: `${route.url}?${search}`,
              headers: {
                'x-sign': portalSignNode(
                  Object.fromEntries(search),
                  config.portalApiSecret,
                ),
              },
              remoteAddress,
            })
            return
          }
          // Signed over what the server will read: the JSON as parsed, not the object sent.
          const text = JSON.stringify({ ...sent, ts })
          const read = JSON.parse(text) as Record<string, unknown>
          await expectAnsweredWell({
            method: 'POST',
            url: route.url,
            payload: text,
            headers: {
              'content-type': 'application/json',
              'x-sign': portalSignNode(read, config.portalApiSecret),
            },
            remoteAddress,
          })
        },
      )
    },
  )

  it(
    'answers signed regional calls with generated bodies and queries without a 5xx',
    { timeout: PROPERTY_TIMEOUT_MS },
    async () => {
      const regional = under('/xjApi/')
      await check(
        fc.record({
          route: fc.nat(),
          values: fc.array(pathParam, { minLength: 1, maxLength: 2 }),
          params,
          body: rawBody,
          isRaw: fc.boolean(),
          remoteAddress: fc.ipV4(),
        }),
        async (input) => {
          const route = regional[input.route % regional.length]!
          const path = fillPath(route.url, input.values)
          const request = route.methods.includes('POST')
            ? regionalRequest('POST', path, {
                raw: {
                  body: input.isRaw
                    ? withSendTime(input.body)
                    : JSON.stringify(input.params),
                  contentType: 'application/json',
                },
              })
            : regionalRequest('GET', withQuery(path, asQuery(input.params)))
          await expectAnsweredWell({
            ...request,
            remoteAddress: input.remoteAddress,
          })
        },
      )
    },
  )

  it(
    'answers signed uploads of generated multipart bodies without a 5xx',
    { timeout: PROPERTY_TIMEOUT_MS },
    async () => {
      await check(
        fc.record({
          target: fc.constantFrom(
            '/JdPortalApi/File/Upload',
            '/JdPortalApi/File/UpFile',
            '/xjApi/api/xjslts/complaint/file/cfs',
            '/xjApi/api/xjslts/ca/sign/upload',
          ),
          multipart: multipartBody,
          accept: fc.option(
            fc.constantFrom('pdf', 'jpg,png', '.docx', 'exe', ''),
            { nil: undefined },
          ),
          remoteAddress: fc.ipV4(),
        }),
        async ({ target, multipart, accept, remoteAddress }) => {
          const query: Record<string, string> =
            accept === undefined ? {} : { accept }
          if (target.startsWith('/xjApi')) {
            await expectAnsweredWell({
              ...regionalRequest('POST', withQuery(target, query), {
                multipart,
              }),
              remoteAddress,
            })
            return
          }
          const signed = { ...query, ts: String(Date.now()) }
          await expectAnsweredWell({
            method: 'POST',
            url: `${target}?${new URLSearchParams(signed)}`,
            payload: multipart.body,
            headers: {
              'content-type': multipart.contentType,
              'x-sign': portalSignNode(signed, config.portalApiSecret),
            },
            remoteAddress,
          })
        },
      )
    },
  )

  it(
    'answers staff calls with the token and generated bodies without a 5xx',
    { timeout: PROPERTY_TIMEOUT_MS },
    async () => {
      const staff = under('/staff-api/')
      const existing = await test.db
        .selectFrom('complaint')
        .select('complaintNo')
        .limit(5)
        .execute()
      const complaintNo = fc.oneof(
        fc.constantFrom('202501010001', ...existing.map((c) => c.complaintNo)),
        pathParam,
      )
      await check(
        fc.record({
          route: fc.nat(),
          values: fc.array(complaintNo, { minLength: 1, maxLength: 2 }),
          query: queryString,
          params,
          body: rawBody,
          isRaw: fc.boolean(),
        }),
        async (input) => {
          const route = staff[input.route % staff.length]!
          const isPost = route.methods.includes('POST')
          await expectAnsweredWell({
            method: isPost ? 'POST' : 'GET',
            url: `${fillPath(route.url, input.values)}?${input.query}`,
            headers: {
              authorization: `Bearer ${staffToken}`,
              ...(isPost ? { 'content-type': 'application/json' } : {}),
            },
            payload: isPost
              ? input.isRaw
                ? withSendTime(input.body)
                : JSON.stringify(input.params)
              : undefined,
          })
        },
      )
    },
  )
})
