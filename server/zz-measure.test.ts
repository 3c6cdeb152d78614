import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, it } from 'vitest'
import { portalSignNode } from '#server/portal/server-crypto.ts'
import { testConfig } from '#tests/app-config.ts'
import { createTestDatabase, type TestDatabase } from '#tests/db.ts'
import { buildTestApp } from '#tests/test-app.ts'

const config = testConfig('')
let test: TestDatabase
let app: FastifyInstance
let base = ''
beforeAll(async () => {
  test = await createTestDatabase('sqlite')
  app = await buildTestApp(test)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})
afterAll(async () => { await app.close(); await test.destroy() })

function regional(url: string, body: string) {
  const timestamp = String(Date.now()); const nonce = randomBytes(16).toString('hex')
  const hash = createHash('sha256').update(body).digest('hex')
  return { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-content-sha256': hash, 'x-signature': createHmac('sha256', config.regionalHmacSecret).update(['POST', url, timestamp, nonce, hash].join('\n')).digest('hex') }
}

async function measure(label: string, send: () => Promise<Response>) {
  const rows: string[] = []
  for (let round = 0; round < 5; round++) {
    const h = monitorEventLoopDelay({ resolution: 1 })
    h.enable()
    const t0 = performance.now()
    let done = false
    const latencies: number[] = []
    const prober = (async () => {
      while (!done) {
        const t1 = performance.now()
        await fetch(`${base}/version.json`).then((r) => r.text())
        latencies.push(performance.now() - t1)
        await new Promise((r) => setTimeout(r, 2))
      }
    })()
    const response = await send()
    const text = (await response.text()).slice(0, 60)
    const t = performance.now() - t0
    done = true
    await prober
    h.disable()
    rows.push(`${label} round ${round}: ${response.status} ${text} in ${t.toFixed(0)} ms; worst /version.json ${Math.max(...latencies).toFixed(0)} ms; max loop delay ${(h.max / 1e6).toFixed(0)} ms`)
  }
  process.stdout.write(rows.join('\n') + '\n')
}

it('measures', { timeout: 300_000 }, async () => {
  const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]))
  const widePayload = JSON.stringify({ ts: Date.now(), ...wide })
  await measure('wide query GET ~3000 keys', () => {
    const params = new URLSearchParams()
    for (let i = 0; i < 1700; i++) params.append(`${i}`, '')
    params.append('ts', String(Date.now()))
    return fetch(`${base}/JdPortalApi/Article/PageList?${params}`, { headers: { 'x-sign': 'x' } })
  })
})
