import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

// Without a page build the deployed version is 'api-only' (site-plugin.ts).
const LIVE = '"api-only"'

describe('the version file (spec §4 version check)', () => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await createTestDatabase('sqlite', { isEmpty: true })
    app = await buildTestApp(test)
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  const check = (ifNoneMatch?: string) =>
    app.inject({
      url: `/version.json?t=${Date.now()}`,
      headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
    })

  it('answers the build with its id as ETag, then an empty 304 to a page that sends that ETag', async () => {
    const first = await check()
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ version: 'api-only' })
    expect(first.headers.etag).toBe(LIVE)

    const second = await check(first.headers.etag as string)
    expect(second.statusCode).toBe(304)
    expect(second.payload).toBe('')
    expect(second.rawPayload).toHaveLength(0)
    expect(second.headers.etag).toBe(LIVE)
    // Never kept by a browser or a proxy: every check reaches the server.
    for (const answer of [first, second])
      expect(answer.headers['cache-control']).toBe('no-store, max-age=0')
  })

  it('compares tags weakly and in a list, as If-None-Match does', async () => {
    for (const header of [`W/${LIVE}`, `"older", ${LIVE}`, '*'])
      expect((await check(header)).statusCode).toBe(304)
  })

  it('sends the new version to a page of another build', async () => {
    const answer = await check('"an-older-build"')
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ version: 'api-only' })
  })
})
