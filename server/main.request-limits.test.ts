import { connect } from 'node:net'

import type { FastifyInstance } from 'fastify'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'
import { createOfficialToken } from '#tests/complaint-test-api.ts'

import {
  MSG_BODY_TOO_DEEP,
  MSG_BODY_TOO_LARGE,
  MSG_BODY_TOO_WIDE,
  MSG_CHARSET_UNSUPPORTED,
  MSG_HEADERS_TOO_LARGE,
} from '#common/messages.ts'
import { COMPLAINT_FACTS_MAX_HTML } from '#common/schemas/complaint/complaint-filing.ts'
import { PORTAL_BODY_LIMIT } from '#server/portal/portal-protocol.ts'
import { REGIONAL_BODY_LIMIT } from '#server/regional/regional-protocol.ts'
import { STAFF_BODY_LIMIT } from '#server/staff-api/staff-api-plugin.ts'
import { portalSignNode } from '#server/portal/server-crypto.ts'
import {
  JSON_MAX_ITEMS,
  JSON_MAX_TOTAL_ITEMS,
} from '#server/shared/json-body.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { regionalRequest } from '#tests/signed-requests.ts'
import { buildTestApp } from '#tests/test-app.ts'

const config = testConfig('')
/** A personal API token of the app under test (made in beforeAll). */
let staffToken = ''
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

/** A POST to each API as its own client sends it, with `text` as the body. */
const apis = {
  Portal: (text: string, contentType = 'application/json') => ({
    method: 'POST' as const,
    url: '/JdPortalApi/Article/PageList',
    payload: text,
    headers: { 'content-type': contentType, 'x-sign': 'f'.repeat(64) },
  }),
  'Portal upload': (text: string, contentType = 'application/json') => ({
    method: 'POST' as const,
    url: `/JdPortalApi/File/Upload?ts=${Date.now()}`,
    payload: text,
    headers: { 'content-type': contentType, 'x-sign': 'f'.repeat(64) },
  }),
  regional: (text: string, contentType = 'application/json') =>
    regionalRequest('POST', '/xjApi/api/xjslts/sms/code', {
      raw: { body: text, contentType },
    }),
  staff: (text: string, contentType = 'application/json') => ({
    method: 'POST' as const,
    url: '/staff-api/complaints/202501010001/actions/sign',
    payload: text,
    headers: {
      'content-type': contentType,
      authorization: `Bearer ${staffToken}`,
    },
  }),
}
type Api = keyof typeof apis

/** The message of each API's refusal envelope. */
function refusal(api: Api, body: Record<string, unknown>) {
  if (api === 'staff') return { message: body.message }
  if (api === 'regional')
    return { Success: body.Success, State: body.State, Msg: body.Msg }
  return { State: body.State, Msg: body.Msg }
}
function envelope(api: Api, status: number, message: string) {
  if (api === 'staff') return { message }
  if (api === 'regional') return { Success: false, State: status, Msg: message }
  return { State: status, Msg: message }
}

/** Only the short answers were parsed (by the test), never the body that was sent. */
function expectNeverParsed(parse: { mock: { calls: unknown[][] } }) {
  const lengths = parse.mock.calls.map(([text]) => String(text).length)
  expect(lengths.every((length) => length < 200)).toBe(true)
}

describe('what every API accepts as a body', () => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test)
    staffToken = await createOfficialToken(app)
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })
  afterEach(() => vi.restoreAllMocks())

  const send = async (api: Api, text: string, contentType?: string) => {
    const response = await app.inject(apis[api](text, contentType))
    return {
      status: response.statusCode,
      body: refusal(api, response.json<Record<string, unknown>>()),
    }
  }

  it.each(Object.keys(apis) as Api[])(
    'refuses 10,000 nested arrays on the %s API with 400, not a failure',
    async (api) => {
      const answer = await send(
        api,
        `{"ts":${Date.now()},"a":${nested(10_000)}}`,
      )
      expect(answer).toEqual({
        status: 400,
        body: envelope(api, 400, MSG_BODY_TOO_DEEP),
      })
    },
  )

  it.each(['/staff-api/no-such-call', '/no-such-page'])(
    'says a body too large is too large at an address nothing serves (%s)',
    async (url) => {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(413)
      expect(response.json()).toEqual({ message: MSG_BODY_TOO_LARGE })
    },
  )

  it.each(Object.keys(apis) as Api[])(
    `refuses more than ${JSON_MAX_ITEMS} items in one level on the %s API with 400`,
    async (api) => {
      const parse = vi.spyOn(JSON, 'parse')
      const ids = Array.from({ length: JSON_MAX_ITEMS + 1 }, (_, i) => i)
      const answer = await send(api, `{"ids":[${ids.join(',')}]}`)
      expectNeverParsed(parse)
      expect(answer).toEqual({
        status: 400,
        body: envelope(api, 400, MSG_BODY_TOO_WIDE),
      })
    },
  )

  it(`refuses more than ${JSON_MAX_TOTAL_ITEMS} items in a body with 400, however they are spread`, async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const row = `[${Array.from({ length: JSON_MAX_ITEMS - 1 }, () => 0).join(',')}]`
    const rows = Array.from(
      { length: JSON_MAX_TOTAL_ITEMS / JSON_MAX_ITEMS + 1 },
      () => row,
    )
    const answer = await send('regional', `{"rows":[${rows.join(',')}]}`)
    expectNeverParsed(parse)
    expect(answer).toEqual({
      status: 400,
      body: envelope('regional', 400, MSG_BODY_TOO_WIDE),
    })
  })

  it.each([
    ['Portal', PORTAL_BODY_LIMIT],
    ['Portal upload', PORTAL_BODY_LIMIT],
    ['regional', REGIONAL_BODY_LIMIT],
    ['staff', STAFF_BODY_LIMIT],
  ] as [Api, number][])(
    'refuses a body over the %s limit (%i bytes) with 413, unread',
    async (api, limit) => {
      const parse = vi.spyOn(JSON, 'parse')
      const answer = await send(api, JSON.stringify({ a: 'x'.repeat(limit) }))
      expectNeverParsed(parse)
      expect(answer).toEqual({
        status: 413,
        body: envelope(api, 413, MSG_BODY_TOO_LARGE),
      })
    },
  )

  it.each([
    ['utf-16', 'Portal'],
    ['latin1', 'Portal'],
    ['UTF-16LE', 'Portal upload'],
    ['utf-16', 'regional'],
    ['latin1', 'regional'],
    ['iso-8859-1', 'staff'],
  ] as [string, Api][])(
    'refuses a body declared charset=%s on the %s API with 415',
    async (charset, api) => {
      const answer = await send(
        api,
        '{"a":1}',
        `application/json; charset=${charset}`,
      )
      expect(answer).toEqual({
        status: 415,
        body: envelope(api, 415, MSG_CHARSET_UNSUPPORTED),
      })
    },
  )

  it('takes the largest legitimate bodies of each API in full', async () => {
    // A complaint whose facts fill the editor's limit with text that JSON escapes the most.
    const facts = `<p>${'\u0001'.repeat(COMPLAINT_FACTS_MAX_HTML - 7)}</p>`
    const complaint = await app.inject(
      regionalRequest('POST', '/xjApi/api/xjslts/complaint/form', {
        json: { factsHtml: facts, requests: '\u0001'.repeat(2000) },
      }),
    )
    expect(complaint.statusCode).toBe(400)
    expect(complaint.json().Msg).not.toBe(MSG_BODY_TOO_LARGE)

    const feedback = { ts: Date.now(), content: '\u0001'.repeat(2000) }
    const portal = await app.inject({
      method: 'POST',
      url: '/JdPortalApi/Complaint/Feedback',
      payload: feedback,
      headers: {
        'x-sign': portalSignNode(feedback, config.portalApiSecret),
        'content-type': 'application/json',
      },
    })
    expect(portal.statusCode).toBe(400)
    expect(portal.json().Msg).not.toBe(MSG_BODY_TOO_LARGE)

    const staff = await app.inject(
      apis.staff(
        JSON.stringify({
          operator: '张三',
          content: '\u0001'.repeat(20_000),
          findings: '\u0001'.repeat(10_000),
        }),
      ),
    )
    expect(staff.statusCode).not.toBe(413)
  })
})

describe('requests to the listening server', () => {
  let test: TestDatabase
  let app: FastifyInstance
  let base: string

  /** What the server answers to `request` written as it is on a new connection. */
  function rawAnswer(request: string): Promise<string> {
    const { port } = new URL(base)
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(request),
      )
      const chunks: Buffer[] = []
      socket.on('data', (chunk) => chunks.push(chunk))
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')))
      socket.on('error', reject)
    })
  }

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test)
    staffToken = await createOfficialToken(app)
    await app.listen({ host: '127.0.0.1', port: 0 })
    const address = app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  })
  afterAll(async () => {
    // A body refused before it was all sent can leave its connection open: closing waits for
    // none (it hung whenever that test came last).
    app?.server.closeAllConnections()
    await app?.close()
    await test?.destroy()
  })

  it('refuses 100,000 top-level keys at the size check while the small one is answered', async () => {
    const wide = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]),
    )
    const payload = JSON.stringify({ ts: Date.now(), ...wide })
    expect(payload.length).toBeGreaterThan(1_400_000)
    const parse = vi.spyOn(JSON, 'parse')
    const started = performance.now()
    const [refused, small] = await Promise.all([
      fetch(`${base}/JdPortalApi/Article/PageList`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sign': 'x' },
        body: payload,
      }).then(async (response) => ({
        status: response.status,
        text: await response.text(),
        ms: performance.now() - started,
      })),
      fetch(`${base}/version.json`).then(async (response) => ({
        status: response.status,
        ms: performance.now() - started,
      })),
    ])
    expectNeverParsed(parse)
    expect(refused.status).toBe(413)
    expect(JSON.parse(refused.text)).toEqual({
      State: 413,
      Msg: MSG_BODY_TOO_LARGE,
    })
    expect(small.status).toBe(200)
    process.stdout.write(
      `wide body refused in ${refused.ms.toFixed(0)} ms; /version.json alongside in ${small.ms.toFixed(0)} ms\n`,
    )
  })

  it('answers headers over the limit and malformed HTTP in Chinese', async () => {
    const long = await rawAnswer(
      `GET /JdPortalApi/Article/PageList?${'k=1&'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    )
    expect(long).toMatch(/^HTTP\/1\.1 431 /)
    expect(long).toContain(JSON.stringify({ message: MSG_HEADERS_TOO_LARGE }))
    const malformed = await rawAnswer('NOT HTTP AT ALL\r\n\r\n')
    expect(malformed).toMatch(/^HTTP\/1\.1 400 /)
    expect(malformed).toMatch(/"message":"[^"]*[\u4e00-\u9fff]/)
  })
})
