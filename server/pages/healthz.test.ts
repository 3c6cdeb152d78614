import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

// Each /healthz asks the database, Redis and the bucket: anyone sending it in a loop would have
// the portal list the bucket (a request billed by the provider) as often as they like.
describe('the balancer’s health check from outside', () => {
  let test: TestDatabase
  let app: FastifyInstance
  let checks = 0

  beforeAll(async () => {
    test = await createTestDatabase('sqlite')
    app = await buildTestApp(test)
    app.health.addPart('probe', async () => {
      checks += 1
    })
  })
  afterAll(async () => {
    await app?.close()
    await test?.destroy()
  })

  it('answers one address at most twice a second on average, and the parts are asked no more often', async () => {
    const answers: number[] = []
    let last = ''
    for (let i = 0; i < 150; i++) {
      const answer = await app.inject({
        url: '/healthz',
        remoteAddress: '203.0.113.9',
      })
      answers.push(answer.statusCode)
      last = answer.body
    }
    expect(JSON.parse(last)).toEqual({ message: '操作过于频繁，请稍后再试' })
    expect(answers.filter((status) => status === 200)).toHaveLength(120)
    expect(answers.slice(120).every((status) => status === 429)).toBe(true)
    expect(checks).toBe(120)
    // The balancer, checking every second from its own address, is still answered.
    const balancer = await app.inject({
      url: '/healthz',
      remoteAddress: '10.0.0.2',
    })
    expect(balancer.statusCode).toBe(200)
  })
})
