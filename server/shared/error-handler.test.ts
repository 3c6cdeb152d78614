import { Writable } from 'node:stream'

import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_BODY_TOO_LARGE,
  MSG_INTERNAL_ERROR,
  MSG_TOO_FREQUENT,
} from '#common/messages.ts'

import { defaultErrorHandler, ErrorMessageSchema } from './error-handler.ts'
import { Refusal } from './refusal.ts'
import { validateFields, withZodSchemas } from './zod-validation.ts'

const CHINESE = /[\u4e00-\u9fff]/
const logLines: Record<string, unknown>[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>)
    done()
  },
})

const refused = { '4xx': ErrorMessageSchema, '5xx': ErrorMessageSchema }
const CountSchema = z.object({
  count: z.number().int().min(1),
  name: z.string({ error: '请填写名称' }),
})

let app: FastifyInstance
beforeAll(async () => {
  app = Fastify({
    bodyLimit: 1024,
    logger: { level: 'info', stream: logStream },
  })
  await app.register(rateLimit, { global: false })
  await app.register(async (scope) => {
    const routes = withZodSchemas(scope)
    scope.setErrorHandler(defaultErrorHandler)
    routes.post(
      '/count',
      {
        schema: {
          body: CountSchema,
          response: { 200: z.object({ count: z.number() }), ...refused },
        },
      },
      // An answer with a field its schema does not list: it must not be sent.
      async (request) => ({ count: request.body.count, secret: '内部备注' }),
    )
    routes.get('/refused', { schema: { response: refused } }, async () => {
      throw new Refusal(409, '投诉当前状态不能办理')
    })
    routes.get('/failed', { schema: { response: refused } }, async () => {
      throw new Error('database at /var/lib/portal.db is locked')
    })
    routes.get(
      '/limited',
      { config: { rateLimit: { max: 1, timeWindow: 60_000 } } },
      async () => ({ ok: true }),
    )
    routes.post('/fields', async (request) =>
      validateFields(z.object({ token: z.string().length(4) }), request.body),
    )
  })
  await app.ready()
})
afterAll(() => app.close())

const post = (url: string, payload: string, contentType = 'application/json') =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType },
  })

describe('one error handler per edge, from one mapping', () => {
  it('answers a refusal with its status and Chinese message', async () => {
    const response = await app.inject('/refused')
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({ message: '投诉当前状态不能办理' })
  })

  it("answers a schema problem with 400 and the schema's own message", async () => {
    const response = await post('/count', '{"count":2}')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: '请填写名称' })
  })

  it("answers a schema problem with 400 and zod's message in Chinese after the field", async () => {
    const response = await post('/count', '{"count":0,"name":"甲"}')
    expect(response.statusCode).toBe(400)
    const { message } = response.json<{ message: string }>()
    expect(message).toMatch(/^count：/)
    expect(message).toMatch(CHINESE)
  })

  it('does not send a response field its schema does not list', async () => {
    const response = await post('/count', '{"count":3,"name":"甲"}')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ count: 3 })
    expect(response.body).not.toContain('内部备注')
  })

  it.each([
    [
      'JSON that cannot be parsed',
      () => post('/count', '{"count":'),
      400,
      MSG_BAD_REQUEST_BODY,
    ],
    [
      'a media type without a parser',
      () => post('/count', '<count/>', 'application/xml'),
      415,
      MSG_BAD_REQUEST_BODY,
    ],
    [
      'a body over the limit',
      () => post('/count', JSON.stringify({ name: '长'.repeat(2000) })),
      413,
      MSG_BODY_TOO_LARGE,
    ],
  ])(
    "answers Fastify's refusal of %s in Chinese",
    async (_name, send, status, message) => {
      const response = await send()
      expect(response.statusCode).toBe(status)
      expect(response.json()).toEqual({ message })
    },
  )

  it('answers a rate limit without a message of its own in Chinese', async () => {
    expect((await app.inject('/limited')).statusCode).toBe(200)
    const limited = await app.inject('/limited')
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ message: MSG_TOO_FREQUENT })
  })

  it('hides a failure behind a generic message and logs it with the request', async () => {
    const response = await app.inject('/failed?page=2')
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ message: MSG_INTERNAL_ERROR })
    expect(response.body).not.toContain('portal.db')
    const logged = logLines.find((line) => line.msg === 'request failed')
    expect(logged).toMatchObject({
      level: 50,
      method: 'GET',
      url: '/failed?page=2',
      route: '/failed',
      err: { message: 'database at /var/lib/portal.db is locked' },
    })
  })

  it('refuses multipart-like fields a route validates itself as a route schema would', async () => {
    const response = await post('/fields', '{"token":"ab"}')
    expect(response.statusCode).toBe(400)
    expect(response.json<{ message: string }>().message).toMatch(
      /^token：.*[\u4e00-\u9fff]/,
    )
  })
})
