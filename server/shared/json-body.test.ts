import { Readable } from 'node:stream'

import fc from 'fast-check'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_BODY_TOO_DEEP,
  MSG_BODY_TOO_LARGE,
  MSG_BODY_TOO_WIDE,
  MSG_CHARSET_UNSUPPORTED,
} from '#common/messages.ts'

import { defaultErrorHandler } from './error-handler.ts'
import {
  acceptJsonBodies,
  JSON_MAX_DEPTH,
  JSON_MAX_ITEMS,
  JSON_MAX_TOTAL_ITEMS,
  jsonShapeProblem,
} from './json-body.ts'

const shape = (text: string) => jsonShapeProblem(Buffer.from(text))
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
const items = (count: number) =>
  `[${Array.from({ length: count }, () => '0').join(',')}]`

describe('jsonShapeProblem', () => {
  it(`accepts ${JSON_MAX_DEPTH} levels and refuses one more`, () => {
    expect(shape(nested(JSON_MAX_DEPTH))).toBeUndefined()
    expect(shape(nested(JSON_MAX_DEPTH + 1))).toBe('depth')
    expect(shape(`{"a":${nested(10_000)}}`)).toBe('depth')
  })

  it(`accepts ${JSON_MAX_ITEMS} items in one array or object and refuses one more`, () => {
    expect(shape(items(JSON_MAX_ITEMS))).toBeUndefined()
    expect(shape(items(JSON_MAX_ITEMS + 1))).toBe('items')
    const keys = (count: number) =>
      `{${Array.from({ length: count }, (_, i) => `"k${i}":${i}`).join(',')}}`
    expect(shape(keys(JSON_MAX_ITEMS))).toBeUndefined()
    expect(shape(keys(JSON_MAX_ITEMS + 1))).toBe('items')
    expect(shape(`{"a":{"b":${items(JSON_MAX_ITEMS + 1)}}}`)).toBe('items')
  })

  it('counts items per container, and bounds them across the body too', () => {
    const half = items(JSON_MAX_ITEMS / 2 + 1)
    expect(shape(`[${half},${half},${half}]`)).toBeUndefined()
    const full = items(JSON_MAX_ITEMS)
    const rows = (count: number) =>
      `[${Array.from({ length: count }, () => full).join(',')}]`
    const fitting = Math.floor(JSON_MAX_TOTAL_ITEMS / JSON_MAX_ITEMS) - 1
    expect(shape(rows(fitting))).toBeUndefined()
    expect(shape(rows(fitting + 2))).toBe('items')
  })

  it('does not count brackets and commas inside strings, escaped quotes included', () => {
    const text = `"${'[,'.repeat(5000)}\\"${'{'.repeat(100)}"`
    expect(shape(`{"a":${text}}`)).toBeUndefined()
    expect(shape(`["\\\\",${nested(JSON_MAX_DEPTH)}]`)).toBe('depth')
  })
})

/** Levels and the most items in one level of a parsed value, counted the slow way. */
function measure(value: unknown): { depth: number; items: number } {
  if (typeof value !== 'object' || value === null) return { depth: 0, items: 0 }
  const children = Array.isArray(value) ? value : Object.values(value)
  const inner = children.map(measure)
  return {
    depth: 1 + Math.max(0, ...inner.map((m) => m.depth)),
    items: Math.max(children.length, ...inner.map((m) => m.items)),
  }
}

describe('jsonShapeProblem on generated JSON', () => {
  it('agrees with the parsed value about depth and width, strings of any content included', () => {
    const maxDepth = 3
    const maxItems = 4
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6 }),
        fc.constantFrom(0, 2),
        (value, indent) => {
          const text = JSON.stringify(value, null, indent)
          const problem = jsonShapeProblem(
            Buffer.from(text),
            maxDepth,
            maxItems,
          )
          const { depth, items } = measure(value)
          if (problem === undefined)
            expect(depth <= maxDepth && items <= maxItems).toBe(true)
          else if (problem === 'depth') expect(depth).toBeGreaterThan(maxDepth)
          else expect(items).toBeGreaterThan(maxItems)
          if (depth > maxDepth || items > maxItems)
            expect(problem).toBeDefined()
        },
      ),
      { numRuns: 1000 },
    )
  })
})

describe('acceptJsonBodies', () => {
  let app: FastifyInstance
  const maxBytes = 8 * 1024

  beforeAll(async () => {
    app = Fastify()
    await app.register(async (scope) => {
      acceptJsonBodies(scope, { maxBytes })
      scope.setErrorHandler(defaultErrorHandler)
      scope.post('/echo', async (request) => ({ body: request.body }))
      scope.get('/echo', async () => ({ ok: true }))
    })
    await app.ready()
  })
  afterAll(() => app.close())
  afterEach(() => vi.restoreAllMocks())

  const post = (payload: string | Buffer | Readable, contentType?: string) =>
    app.inject({
      method: 'POST',
      url: '/echo',
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    })

  it('reads a JSON body as UTF-8, with or without a declared utf-8 charset', async () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
    ]) {
      const response = await post('{"name":"水利"}', type)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ body: { name: '水利' } })
    }
  })

  it.each(['utf-16', 'UTF-16LE', 'latin1', 'iso-8859-1', 'gbk'])(
    'refuses a body declared charset=%s with 415 before reading it',
    async (charset) => {
      const parse = vi.spyOn(JSON, 'parse')
      const response = await post(
        '{"name":"x"}',
        `application/json; charset=${charset}`,
      )
      expect(parse).not.toHaveBeenCalled()
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({ message: MSG_CHARSET_UNSUPPORTED })
    },
  )

  it('refuses bytes that are not UTF-8', async () => {
    const response = await post(
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]),
      'application/json',
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: MSG_BAD_REQUEST_BODY })
  })

  it('refuses a body over the limit by its declared length, unread', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const response = await post(
      JSON.stringify({ text: '长'.repeat(maxBytes) }),
      'application/json',
    )
    expect(parse).not.toHaveBeenCalled()
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: MSG_BODY_TOO_LARGE })
  })

  it('refuses a streamed body of no declared length once it passes the limit', async () => {
    const chunks = Array.from({ length: 16 }, () => '["水利工程",'.repeat(60))
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: Readable.from(chunks),
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
      },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ message: MSG_BODY_TOO_LARGE })
  })

  it('refuses too deep and too wide JSON with 400 before parsing it', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const deep = await post(nested(200), 'application/json')
    expect(parse).not.toHaveBeenCalled()
    expect(deep.statusCode).toBe(400)
    expect(deep.json()).toEqual({ message: MSG_BODY_TOO_DEEP })
  })

  it('refuses an object with too many keys with 400 before parsing it', async () => {
    const parse = vi.spyOn(JSON, 'parse')
    const keys = Array.from({ length: JSON_MAX_ITEMS + 1 }, () => '"k":0')
    const wide = await post(`{${keys.join(',')}}`, 'application/json')
    expect(parse).not.toHaveBeenCalled()
    expect(wide.statusCode).toBe(400)
    expect(wide.json()).toEqual({ message: MSG_BODY_TOO_WIDE })
  })

  it('refuses an empty JSON body and a body of another media type', async () => {
    const empty = await post('', 'application/json')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toEqual({ message: MSG_BAD_REQUEST_BODY })
    const text = await post('{"a":1}', 'text/plain')
    expect(text.statusCode).toBe(415)
    expect(text.json()).toEqual({ message: MSG_BAD_REQUEST_BODY })
  })

  it('refuses JSON that would set a prototype', async () => {
    const response = await post(
      '{"__proto__":{"isAdmin":true}}',
      'application/json',
    )
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ message: MSG_BAD_REQUEST_BODY })
  })

  it('does not look at the charset of a request without a body', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/echo',
      headers: { 'content-type': 'application/json; charset=latin1' },
    })
    expect(response.statusCode).toBe(200)
  })
})
