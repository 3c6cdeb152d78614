import { createHash, createHmac, randomBytes } from 'node:crypto'

import Fastify, { type FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_BODY_HASH_MISMATCH,
  MSG_HEADER_MISSING,
  MSG_INTERNAL_ERROR,
  MSG_NONCE_INVALID,
  MSG_NONCE_REPLAYED,
  MSG_SIGN_INVALID,
  MSG_TS_INVALID,
} from '#common/messages.ts'
import { createMemoryStore } from '#server/shared/expiring-store.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  regionalError,
  regionalOk,
  regionalPage,
  regionalResponses,
} from './regional-protocol.ts'
import { regionalApi } from './regional-api.ts'

const secret = 'regional-test-secret'
const sha256 = (data: string | Buffer) =>
  createHash('sha256').update(data).digest('hex')

type SignOptions = {
  body?: string | Buffer
  contentType?: string
  /** Overrides of what is signed and sent. */
  hash?: string
  nonce?: string
  timestamp?: string
  signedUrl?: string
  omit?: string
}

// An independent signer on node:crypto, so the server is checked against the protocol text.
function signedRequest(
  method: 'GET' | 'POST',
  url: string,
  options: SignOptions = {},
) {
  const timestamp = options.timestamp ?? String(Date.now())
  const nonce = options.nonce ?? randomBytes(16).toString('hex')
  const hash = options.hash ?? sha256(options.body ?? '')
  const canonical = [
    method,
    options.signedUrl ?? url,
    timestamp,
    nonce,
    hash,
  ].join('\n')
  const headers: Record<string, string> = {
    'x-timestamp': timestamp,
    'x-nonce': nonce,
    'x-content-sha256': hash,
    'x-signature': createHmac('sha256', secret).update(canonical).digest('hex'),
  }
  if (options.contentType) headers['content-type'] = options.contentType
  if (options.omit) delete headers[options.omit]
  return { method, url, headers, payload: options.body }
}

const json = (value: unknown) => ({
  body: JSON.stringify(value),
  contentType: 'application/json',
})

function multipartBody(fileName: string, content: string) {
  const boundary = '----portal' + randomBytes(8).toString('hex')
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  )
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Routes that answer what they received, behind the real protocol. */
async function echoRoutes(xj: FastifyInstance) {
  xj.get('/api/xjslts/tsbhcx', async (request) =>
    regionalOk({ query: request.query }),
  )
  xj.post('/api/xjslts/zxtstj', async (request) =>
    regionalOk({ body: request.body }),
  )
  xj.post('/api/xjslts/complaint/file/cfs', async (request) => {
    const file = await request.file()
    const content = await file!.toBuffer()
    return regionalOk({ name: file!.filename, size: content.length })
  })
  xj.get('/api/xjslts/tender/project/page', async () =>
    regionalPage([{ id: 1, name: '塔里木河治理工程' }], {
      pageNo: 1,
      pageSize: 10,
      total: 1,
    }),
  )
  xj.get('/api/xjslts/revoke/state', async () =>
    regionalError(403, '登录已失效'),
  )
}

/** Routes as the real ones are written: schemas declared, refusals thrown. */
async function schemaRoutes(xj: FastifyInstance) {
  const app = xj.withTypeProvider<ZodTypeProvider>()
  app.post(
    '/api/test/count',
    {
      schema: {
        body: z.object({ count: z.number().int().min(1) }),
        response: regionalResponses(z.object({ count: z.number() })),
      },
    },
    // An answer with a field its schema does not list: it must not be sent.
    async (request) =>
      regionalOk({ count: request.body.count, internal: '内部备注' }),
  )
  app.get(
    '/api/test/refused',
    { schema: { response: regionalResponses(z.null()) } },
    async (request) => {
      const { status } = request.query as { status?: string }
      if (status === '403')
        throw new Refusal(403, '该操作只能由行政监督部门办理')
      throw new Refusal(404, '投诉编号或查询码不正确')
    },
  )
  app.get(
    '/api/test/failed',
    { schema: { response: regionalResponses(z.null()) } },
    async () => {
      throw new Error('database at /var/lib/portal.db is locked')
    },
  )
}

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify()
  await app.register(regionalApi, {
    prefix: '/xjApi',
    secret,
    nonceStore: createMemoryStore(),
    routes: [echoRoutes, schemaRoutes],
  })
  await app.ready()
})
afterAll(() => app.close())

async function expectServed() {
  const response = await app.inject(
    signedRequest('GET', '/xjApi/api/xjslts/tsbhcx?no=1'),
  )
  expect(response.statusCode).toBe(200)
}

describe('regional signing layer', () => {
  it('serves a signed GET with its query exactly as sent', async () => {
    const url =
      '/xjApi/api/xjslts/tsbhcx?no=202501010001&name=%E6%B0%B4%E5%88%A9&no=2'
    const response = await app.inject(signedRequest('GET', url))
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      Success: true,
      Data: { query: { no: ['202501010001', '2'], name: '水利' } },
    })
  })

  it('marks every answer, refusals included, as never stored nor sniffed', async () => {
    const answers = [
      await app.inject(signedRequest('GET', '/xjApi/api/xjslts/tsbhcx?no=1')),
      await app.inject(
        signedRequest('GET', '/xjApi/api/xjslts/tsbhcx?no=1', {
          omit: 'x-signature',
        }),
      ),
      await app.inject(signedRequest('GET', '/xjApi/api/test/refused')),
      await app.inject(signedRequest('GET', '/xjApi/api/test/failed')),
    ]
    expect(answers.map((answer) => answer.statusCode)).toEqual([
      200, 401, 404, 500,
    ])
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })

  it('serves a signed JSON POST whose body hash matches', async () => {
    const complaint = { projectName: '塔里木河治理工程', roles: ['招标人'] }
    const response = await app.inject(
      signedRequest('POST', '/xjApi/api/xjslts/zxtstj', json(complaint)),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      Success: true,
      Data: { body: complaint },
    })
  })

  it('serves a multipart upload signed with UNSIGNED-PAYLOAD', async () => {
    const upload = multipartBody('证据.pdf', '%PDF-1.7 evidence')
    const response = await app.inject(
      signedRequest('POST', '/xjApi/api/xjslts/complaint/file/cfs', {
        ...upload,
        hash: 'UNSIGNED-PAYLOAD',
      }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      Success: true,
      Data: { name: '证据.pdf', size: 17 },
    })
  })

  it('answers pages and service errors in their envelopes', async () => {
    const page = await app.inject(
      signedRequest('GET', '/xjApi/api/xjslts/tender/project/page'),
    )
    expect(page.json()).toEqual({
      success: true,
      data: [{ id: 1, name: '塔里木河治理工程' }],
      page: { pageNo: 1, pageSize: 10, total: 1 },
    })
    const refused = await app.inject(
      signedRequest('GET', '/xjApi/api/xjslts/revoke/state'),
    )
    expect(refused.json()).toEqual({
      Success: false,
      State: 403,
      Msg: '登录已失效',
    })
  })
})

describe('regional refusals', () => {
  const get = '/xjApi/api/xjslts/tsbhcx?no=1'
  const post = '/xjApi/api/xjslts/zxtstj'
  const cases: [string, ReturnType<typeof signedRequest>, string][] = [
    [
      'a missing X-Timestamp',
      signedRequest('GET', get, { omit: 'x-timestamp' }),
      MSG_HEADER_MISSING,
    ],
    [
      'a missing X-Nonce',
      signedRequest('GET', get, { omit: 'x-nonce' }),
      MSG_HEADER_MISSING,
    ],
    [
      'a missing X-Content-SHA256',
      signedRequest('GET', get, { omit: 'x-content-sha256' }),
      MSG_HEADER_MISSING,
    ],
    [
      'a missing X-Signature',
      signedRequest('GET', get, { omit: 'x-signature' }),
      MSG_HEADER_MISSING,
    ],
    [
      'a clock 301 s behind',
      signedRequest('GET', get, { timestamp: String(Date.now() - 301_000) }),
      MSG_TS_INVALID,
    ],
    [
      'a clock 330 s ahead',
      // Built when the file loads: 30 s of margin for the time until this case runs.
      signedRequest('GET', get, { timestamp: String(Date.now() + 330_000) }),
      MSG_TS_INVALID,
    ],
    [
      'a nonce shorter than 16 characters',
      signedRequest('GET', get, { nonce: 'short-nonce' }),
      MSG_NONCE_INVALID,
    ],
    [
      'a signature over another query',
      signedRequest('GET', get, { signedUrl: '/xjApi/api/xjslts/tsbhcx?no=2' }),
      MSG_SIGN_INVALID,
    ],
    [
      'a signature over the path without /xjApi',
      signedRequest('GET', get, { signedUrl: '/api/xjslts/tsbhcx?no=1' }),
      MSG_SIGN_INVALID,
    ],
    [
      'a body that differs from its signed hash',
      signedRequest('POST', post, {
        ...json({ a: 2 }),
        hash: sha256('{"a":1}'),
      }),
      MSG_BODY_HASH_MISMATCH,
    ],
    [
      'UNSIGNED-PAYLOAD on a JSON body',
      signedRequest('POST', post, {
        ...json({ a: 1 }),
        hash: 'UNSIGNED-PAYLOAD',
      }),
      MSG_BODY_HASH_MISMATCH,
    ],
    [
      'a GET that claims a non-empty body',
      signedRequest('GET', get, { hash: sha256('{}') }),
      MSG_BODY_HASH_MISMATCH,
    ],
  ]

  it.each(cases)(
    'refuses %s with HTTP 401 and keeps serving',
    async (_name, request, message) => {
      const response = await app.inject(request)
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ Success: false, Msg: message })
      await expectServed()
    },
  )

  it('refuses a wrong signature', async () => {
    const request = signedRequest('GET', get)
    request.headers['x-signature'] = '0'.repeat(64)
    const response = await app.inject(request)
    expect(response.json()).toEqual({ Success: false, Msg: MSG_SIGN_INVALID })
  })

  it('refuses a replayed request and accepts the same call with a fresh nonce', async () => {
    const request = signedRequest(
      'POST',
      post,
      json({ complaintNo: '202501010001' }),
    )
    expect((await app.inject(request)).statusCode).toBe(200)
    const replay = await app.inject(request)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ Success: false, Msg: MSG_NONCE_REPLAYED })
    const fresh = await app.inject(
      signedRequest('POST', post, json({ complaintNo: '202501010001' })),
    )
    expect(fresh.statusCode).toBe(200)
  })

  it('does not use up the nonce of a refused request', async () => {
    const nonce = randomBytes(16).toString('hex')
    const tampered = signedRequest('POST', post, {
      ...json({ a: 2 }),
      hash: sha256('{"a":1}'),
      nonce,
    })
    expect((await app.inject(tampered)).statusCode).toBe(401)
    const honest = await app.inject(
      signedRequest('POST', post, { ...json({ a: 1 }), nonce }),
    )
    expect(honest.statusCode).toBe(200)
  })

  it('answers signed JSON that cannot be parsed with 400 and no details', async () => {
    const response = await app.inject(
      signedRequest('POST', post, {
        body: '{"a":',
        contentType: 'application/json',
      }),
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      Success: false,
      State: 400,
      Msg: MSG_BAD_REQUEST_BODY,
    })
    await expectServed()
  })
})

describe('regional refusals and failures in the envelope', () => {
  it('answers a schema problem with HTTP 400 and a Chinese message naming the field', async () => {
    const response = await app.inject(
      signedRequest('POST', '/xjApi/api/test/count', json({ count: 0 })),
    )
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body).toMatchObject({ Success: false, State: 400 })
    expect(body.Msg).toMatch(/^count：.*[\u4e00-\u9fff]/)
  })

  it('does not send a response field its schema does not list', async () => {
    const response = await app.inject(
      signedRequest('POST', '/xjApi/api/test/count', json({ count: 2 })),
    )
    expect(response.json()).toEqual({ Success: true, Data: { count: 2 } })
  })

  it('answers a refusal with its status as State', async () => {
    const response = await app.inject(
      signedRequest('GET', '/xjApi/api/test/refused'),
    )
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      Success: false,
      State: 404,
      Msg: '投诉编号或查询码不正确',
    })
  })

  it('answers a 403 refusal as 409, since State 403 would log the client out', async () => {
    const response = await app.inject(
      signedRequest('GET', '/xjApi/api/test/refused?status=403'),
    )
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      Success: false,
      State: 409,
      Msg: '该操作只能由行政监督部门办理',
    })
  })

  it('hides the details of a failure', async () => {
    const response = await app.inject(
      signedRequest('GET', '/xjApi/api/test/failed'),
    )
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      Success: false,
      State: 500,
      Msg: MSG_INTERNAL_ERROR,
    })
  })

  it('answers an unknown path under /xjApi with 404', async () => {
    const response = await app.inject(
      signedRequest('GET', '/xjApi/api/test/none'),
    )
    expect(response.statusCode).toBe(404)
  })
})
