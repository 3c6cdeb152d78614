import { createHash, timingSafeEqual } from 'node:crypto'

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

// Readable only with the staff token, from anywhere: behind a proxy every visitor arrives from
// 127.0.0.1 (docs/decisions/0026-request-limits-forwarded-addresses-metrics.md). Not
// encapsulated: its hook times the routes of every part registered after it.
async function metricsPlugin(
  app: FastifyInstance,
  { staffToken }: { staffToken: string },
) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  })
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    )
  })
  const digest = (text: string) => createHash('sha256').update(text).digest()
  const expected = digest(`Bearer ${staffToken}`)
  app.get('/metrics', async (request, reply) => {
    const given = digest(request.headers.authorization ?? '')
    if (!timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .header('cache-control', 'no-store')
        .send({ message: '缺少或错误的工作人员令牌' })
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}

export const metrics = fp(metricsPlugin, { name: 'metrics', fastify: '5.x' })
