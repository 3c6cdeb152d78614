import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  createNonce,
  regionalSignature,
  sha256Hex,
} from '#common/protocol/regional-sign.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

import { regionalOk } from './regional-protocol.ts'

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const config = testConfig('')

async function echoRoutes(xj: FastifyInstance) {
  xj.post('/api/test/echo', async (request) => regionalOk(request.body))
}

async function signedPost(body: unknown, nonce = createNonce()) {
  const payload = JSON.stringify(body)
  const pathAndQuery = '/xjApi/api/test/echo'
  const timestamp = String(Date.now())
  const contentSha256 = await sha256Hex(payload)
  const signature = await regionalSignature(
    { method: 'POST', pathAndQuery, timestamp, nonce, contentSha256 },
    config.regionalHmacSecret,
  )
  return {
    method: 'POST' as const,
    url: pathAndQuery,
    payload,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-nonce': nonce,
      'x-content-sha256': contentSha256,
      'x-signature': signature,
    },
  }
}

describe('the regional API as the portal mounts it', () => {
  let test: TestDatabase
  const apps: FastifyInstance[] = []
  const build = async (redisUrl?: string) => {
    const app = await buildTestApp(test, {
      config: { redisUrl },
      regionalRoutes: [echoRoutes],
    })
    apps.push(app)
    return app
  }

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await test?.destroy()
  })

  it('serves a signed request under /xjApi and refuses its replay', async () => {
    const app = await build()
    const request = await signedPost({ projectName: '叶尔羌河防洪工程' })
    const first = await app.inject(request)
    expect(first.json()).toEqual({
      Success: true,
      Data: { projectName: '叶尔羌河防洪工程' },
    })
    const replay = await app.inject(request)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ Success: false })
  })

  it('shares nonces between processes through Redis when REDIS_URL is set', async () => {
    const [first, second] = [await build(REDIS_URL), await build(REDIS_URL)]
    const request = await signedPost({ step: 1 })
    expect((await first!.inject(request)).statusCode).toBe(200)
    expect((await second!.inject(request)).statusCode).toBe(401)
  })
})
