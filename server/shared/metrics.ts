import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * prom-client metrics at /metrics (architecture.md, logs and metrics): request durations by
 * route and status plus the process defaults. Readable from this machine or with the staff token.
 */
export async function metrics(
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
  app.get('/metrics', async (request, reply) => {
    const isLocal = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(
      request.ip,
    )
    if (!isLocal && request.headers.authorization !== `Bearer ${staffToken}`) {
      return reply.code(403).send({ message: '无权访问' })
    }
    return reply.type(registry.contentType).send(await registry.metrics())
  })
}
