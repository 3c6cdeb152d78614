import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import { pingDatabase } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'

export type PartState = 'ok' | 'down'
export type HealthReport = {
  status: PartState
  parts: Record<string, PartState>
}

export interface Health {
  // A part the process cannot serve without; the check rejects when it is down.
  addPart(name: string, check: () => Promise<unknown>): void
  report(): Promise<HealthReport>
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health
  }
}

// Under haproxy's 5 s check timeout, and longer than any part's own (REDIS_TIMEOUT_MS).
const PART_TIMEOUT_MS = 2000

type Log = {
  warn(context: object, message: string): void
  info(context: object, message: string): void
}

function withinTime(check: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([check, late]).finally(() => clearTimeout(timer))
}

// Checks run together; requests that come while a report is being made share it, so a flood of
// /healthz costs each part one check at a time. A part going down or coming back is logged once.
export function createHealth(
  log: Log,
  { timeoutMs = PART_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Health {
  const parts = new Map<string, () => Promise<unknown>>()
  const last = new Map<string, PartState>()
  let running: Promise<HealthReport> | null = null
  async function check(name: string, part: () => Promise<unknown>) {
    let state: PartState = 'ok'
    try {
      await withinTime(part(), timeoutMs)
    } catch (error) {
      state = 'down'
      if (last.get(name) !== 'down')
        log.warn({ part: name, err: error }, 'health: a part is down')
    }
    if (state === 'ok' && last.get(name) === 'down')
      log.info({ part: name }, 'health: a part is back')
    last.set(name, state)
    return [name, state] as const
  }
  async function makeReport(): Promise<HealthReport> {
    const states = Object.fromEntries(
      await Promise.all([...parts].map(([name, part]) => check(name, part))),
    )
    const isDown = Object.values(states).includes('down')
    return { status: isDown ? 'down' : 'ok', parts: states }
  }
  return {
    addPart(name, part) {
      parts.set(name, part)
    },
    report() {
      running ??= makeReport().finally(() => {
        running = null
      })
      return running
    },
  }
}

// The database is a part from the start; the Redis store and the file storage add themselves.
export const healthPlugin = fp<{ db: Kysely<Database> }>(
  async (app, { db }) => {
    const health = createHealth(app.log)
    health.addPart('database', () => pingDatabase(db))
    app.decorate('health', health)
  },
  { name: 'health', fastify: '5.x' },
)
