import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { MSG_INTERNAL_ERROR, MSG_SERVER_ERROR } from '#common/messages.ts'
/* eslint-disable import-x/no-restricted-paths -- contract test: runs this Node-only test against the real server protocol; tests are never bundled into app/ */
import { createMemoryStore } from '#server/shared/expiring-store.ts'
import {
  regionalError,
  regionalOk,
  regionalPage,
} from '#server/regional/regional-protocol.ts'
import { regionalApi } from '#server/regional/regional-api.ts'
/* eslint-enable import-x/no-restricted-paths */
import type { ApiFeedback } from './api-feedback.ts'
import { createRegionalHttpClient } from './regional-http-client.ts'

const secret = 'regional-client-secret'
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
    return regionalOk({
      name: file!.filename,
      size: (await file!.toBuffer()).length,
    })
  })
  xj.get('/api/xjslts/tender/project/page', async () =>
    regionalPage([{ id: 1, name: '塔里木河治理工程' }], {
      pageNo: 2,
      pageSize: 10,
      total: 11,
    }),
  )
  xj.get('/api/xjslts/state/:code', async (request) => {
    const code = Number((request.params as { code: string }).code)
    return regionalError(code, code === 500 ? '' : '投诉编号不存在')
  })
  xj.get('/api/xjslts/broken', async () => {
    throw new Error('connection to the complaint database lost')
  })
  xj.get('/api/xjslts/img/code', async (request, reply) => {
    const { t } = request.query as { t: string }
    if (t === 'expired')
      return reply
        .code(400)
        .send(regionalError(400, '验证码标识无效，请刷新验证码'))
    return reply.type('image/png').send(Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  })
  xj.get('/api/xjslts/refused-seal', async (_request, reply) =>
    reply.code(400).send(regionalError(428, '投诉书尚未加盖投诉人的电子印章')),
  )
  xj.get('/api/xjslts/page-answer', async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><title>门户</title>'),
  )
  xj.get('/api/xjslts/gateway', async (_request, reply) =>
    reply.code(502).send('Bad Gateway'),
  )
  // A gateway in front of a restarting server: 502 for the first request, then the answer.
  let gatewayAnswers = 0
  xj.post('/api/xjslts/restarting', async (request, reply) =>
    ++gatewayAnswers === 1
      ? reply.code(502).send('Bad Gateway')
      : regionalOk({ body: request.body }),
  )
}

let app: FastifyInstance
let origin: string

beforeAll(async () => {
  app = Fastify()
  await app.register(regionalApi, {
    prefix: '/xjApi',
    secret,
    nonceStore: createMemoryStore(),
    routes: [echoRoutes],
  })
  origin = await app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(() => app.close())

let toasts: string[]
let logouts: number
const feedback: ApiFeedback = {
  error: (message) => toasts.push(message),
  logout: () => logouts++,
}
beforeEach(() => {
  toasts = []
  logouts = 0
})
const client = (key = secret) =>
  createRegionalHttpClient(
    { base: `${origin}/xjApi`, secret: key },
    feedback,
    fetch,
  )

describe('regional HTTP client against the signed /xjApi', () => {
  it('sends a signed GET whose query the server reads back unchanged', async () => {
    const query = { no: '202501010001', name: '水利 工程+&=', empty: undefined }
    expect(await client().get('/api/xjslts/tsbhcx', query)).toEqual({
      query: { no: '202501010001', name: '水利 工程+&=' },
    })
  })

  it('sends a signed JSON POST', async () => {
    const complaint = { projectName: '塔里木河治理工程', phone: '13800000000' }
    expect(await client().post('/api/xjslts/zxtstj', complaint)).toEqual({
      body: complaint,
    })
  })

  it('uploads a file as multipart with UNSIGNED-PAYLOAD and reports completion', async () => {
    const file = new File(['%PDF-1.7 evidence'], '证据.pdf')
    const progress: number[] = []
    const result = await client().upload(
      '/api/xjslts/complaint/file/cfs',
      file,
      { onProgress: (p) => progress.push(p) },
    )
    expect(result).toEqual({ name: '证据.pdf', size: 17 })
    expect(progress).toEqual([100])
  })

  it('gives a page as data and page', async () => {
    expect(
      await client().get('/api/xjslts/tender/project/page', { pageNo: 2 }),
    ).toEqual({
      data: [{ id: 1, name: '塔里木河治理工程' }],
      page: { pageNo: 2, pageSize: 10, total: 11 },
    })
  })

  it('logs out on State 403 and 408 without a toast', async () => {
    await expect(client().get('/api/xjslts/state/403')).rejects.toMatchObject({
      state: 403,
    })
    await expect(client().get('/api/xjslts/state/408')).rejects.toMatchObject({
      state: 408,
    })
    expect(logouts).toBe(2)
    expect(toasts).toEqual([])
  })

  it('shows the service message, or 未知错误 when there is none', async () => {
    await expect(client().get('/api/xjslts/state/404')).rejects.toThrow(
      '投诉编号不存在',
    )
    await expect(client().get('/api/xjslts/state/500')).rejects.toThrow(
      '未知错误',
    )
    expect(toasts).toEqual(['投诉编号不存在', '未知错误'])
  })

  it('shows the server message of an HTTP error, or 服务器错误 without one', async () => {
    await expect(client().get('/api/xjslts/broken')).rejects.toMatchObject({
      state: 500,
    })
    await expect(client().get('/api/xjslts/gateway')).rejects.toMatchObject({
      state: 502,
    })
    expect(toasts).toEqual([MSG_INTERNAL_ERROR, '服务器错误'])
    expect(logouts).toBe(0)
  })

  it('keeps the State of a refusal whose HTTP status says less, for the page to act on', async () => {
    await expect(
      client().get('/api/xjslts/refused-seal'),
    ).rejects.toMatchObject({
      state: 428,
      message: '投诉书尚未加盖投诉人的电子印章',
    })
    expect(toasts).toEqual(['投诉书尚未加盖投诉人的电子印章'])
  })

  it('logs out when the server refuses the signature with HTTP 401', async () => {
    await expect(
      client('another-secret').get('/api/xjslts/tsbhcx'),
    ).rejects.toMatchObject({ state: 401 })
    expect(logouts).toBe(1)
    expect(toasts).toEqual([])
  })

  it('shows the transport error when the server cannot be reached', async () => {
    const closed = createRegionalHttpClient(
      { base: 'http://127.0.0.1:1/xjApi', secret },
      feedback,
      fetch,
    )
    await expect(closed.post('/api/xjslts/zxtstj', {})).rejects.toThrow(
      'fetch failed',
    )
    expect(toasts).toEqual(['fetch failed'])
  })

  it('sends a resendable POST again, freshly signed, when no answer came, and tells nothing while it succeeds', async () => {
    const body = { clientKey: '0f8fad5b-d9cb-469f-a165-70867728950e' }
    let calls = 0
    const dropsFirst: typeof fetch = (input, init) =>
      ++calls === 1
        ? Promise.reject(new TypeError('fetch failed'))
        : fetch(input, init)
    const flaky = createRegionalHttpClient(
      { base: `${origin}/xjApi`, secret },
      feedback,
      dropsFirst,
    )
    const resend = { resends: 3, pauseMs: 1 }
    expect(await flaky.post('/api/xjslts/zxtstj', body, resend)).toEqual({
      body,
    })
    expect(calls).toBe(2)
    expect(await client().post('/api/xjslts/restarting', body, resend)).toEqual(
      { body },
    )
    expect(toasts).toEqual([])
  })

  it('tells the transport error once when every resend went unanswered', async () => {
    let calls = 0
    const unreachable: typeof fetch = (input, init) => {
      calls++
      return fetch(String(input).replace(origin, 'http://127.0.0.1:1'), init)
    }
    const closed = createRegionalHttpClient(
      { base: `${origin}/xjApi`, secret },
      feedback,
      unreachable,
    )
    await expect(
      closed.post('/api/xjslts/zxtstj', {}, { resends: 2, pauseMs: 1 }),
    ).rejects.toThrow('fetch failed')
    expect(calls).toBe(3)
    expect(toasts).toEqual(['fetch failed'])
  })

  it('fetches a signed binary answer as bytes, and tells a JSON refusal', async () => {
    const image = await client().getBlob('/api/xjslts/img/code', {
      t: 'abc12345',
    })
    expect(image.type).toBe('image/png')
    expect([...new Uint8Array(await image.arrayBuffer())]).toEqual([
      0x89, 0x50, 0x4e, 0x47,
    ])
    await expect(
      client().getBlob('/api/xjslts/img/code', { t: 'expired' }),
    ).rejects.toThrow('验证码标识无效，请刷新验证码')
    expect(toasts).toEqual(['验证码标识无效，请刷新验证码'])
    await expect(client().getBlob('/api/xjslts/page-answer')).rejects.toThrow(
      MSG_SERVER_ERROR,
    )
  })
})
