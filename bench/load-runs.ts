import autocannon from 'autocannon'

import { cpuSeconds } from './process-stats.ts'
import { type RequestSpec } from './request-pool-draws.ts'

export const WARM_UP_SECONDS = 2

export type Figures = {
  rps: number
  p50: number
  p99: number
  errors: number
  serverErrors: number
  sent: number
}

function cycle(pool: RequestSpec[]) {
  let next = 0
  let sent = 0
  return {
    take(): RequestSpec {
      sent++
      const spec = pool[next]!
      next = (next + 1) % pool.length
      return spec
    },
    get sent() {
      return sent
    },
  }
}

export type Target = { base: string; pid: number } & (
  { fixed: RequestSpec } | { pool: RequestSpec[] }
)

// The requests in flight when autocannon stops are still worked off (a slow page's queue can
// take seconds), and that work must not fall into the next run's window.
async function drain(target: Target) {
  const deadline = Date.now() + 300_000
  let last = await cpuSeconds(target.pid)
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250))
    const now = await cpuSeconds(target.pid)
    if (now - last < 0.025) return
    last = now
  }
}

export type LoadSettings = { connections: number; duration: number }

async function load(
  target: Target,
  connections: number,
  seconds: number,
  source: ReturnType<typeof cycle> | null,
) {
  const options = {
    url: target.base,
    connections,
    duration: seconds,
  }
  if (source)
    return autocannon({
      ...options,
      requests: [
        {
          // A request of its own each time: the pool's next, never the one before.
          setupRequest: (request: autocannon.Request): autocannon.Request => {
            const spec = source.take()
            return {
              ...request,
              method: spec.method ?? 'GET',
              path: spec.path,
              headers: { ...request.headers, ...spec.headers },
              body: spec.body,
            }
          },
        },
      ],
    })
  const { fixed } = target as { fixed: RequestSpec }
  return autocannon({
    ...options,
    url: target.base + fixed.path,
    method: fixed.method ?? 'GET',
    headers: fixed.headers,
    body: fixed.body,
  })
}

export async function measure(
  target: Target,
  settings: LoadSettings,
  around?: { before: () => Promise<void>; after: () => Promise<void> },
): Promise<Figures> {
  const source = 'pool' in target ? cycle(target.pool) : null
  await load(target, settings.connections, WARM_UP_SECONDS, source)
  await drain(target)
  await around?.before()
  const result = await load(
    target,
    settings.connections,
    settings.duration,
    source,
  )
  // The process's CPU and GC time include the work left queued at the end of the run.
  await drain(target)
  await around?.after()
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverErrors: result['5xx'],
    sent: source?.sent ?? 0,
  }
}
