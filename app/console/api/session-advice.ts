import {
  STAFF_SESSION_IDLE_MS,
  STAFF_SESSION_MAX_MS,
} from '#common/constants/staff.ts'

/** Typing renews the session this often, well inside its 30 idle minutes. */
export const RENEW_WHILE_ACTIVE_MS = 5 * 60_000
/** The warnings come this long before the idle limit and before the 12 hours are up. */
export const IDLE_WARNING_MS = 5 * 60_000
export const END_WARNING_MS = 10 * 60_000

export type SessionClock = {
  now: number
  // The person's last key press, click or input on the page.
  lastActivityAt: number
  // When the server last saw the session (any request renews it).
  lastContactAt: number
  // When the session's longest life is up; null before the session was read.
  endsAt: number | null
}

export type SessionAdvice =
  | { kind: 'renew' }
  | { kind: 'idle-warning'; leftMs: number }
  | { kind: 'expired'; reason: string }
  | { kind: 'end-warning'; leftMs: number }
  | { kind: 'none' }

// What the console does about its session now. The server decides when a session ends; this
// only keeps a working person's alive, and says so before it ends.
export function sessionAdvice(clock: SessionClock): SessionAdvice {
  const { now, lastActivityAt, lastContactAt, endsAt } = clock
  if (lastContactAt === 0) return { kind: 'none' }
  if (endsAt !== null && now >= endsAt)
    return {
      kind: 'expired',
      reason: `登录已超过${STAFF_SESSION_MAX_MS / 3600_000}小时，请重新登录`,
    }
  const idleFor = now - lastContactAt
  if (idleFor >= STAFF_SESSION_IDLE_MS)
    return {
      kind: 'expired',
      reason: `超过${STAFF_SESSION_IDLE_MS / 60_000}分钟未操作，登录已过期，请重新登录`,
    }
  if (lastActivityAt > lastContactAt && idleFor >= RENEW_WHILE_ACTIVE_MS)
    return { kind: 'renew' }
  if (idleFor >= STAFF_SESSION_IDLE_MS - IDLE_WARNING_MS)
    return { kind: 'idle-warning', leftMs: STAFF_SESSION_IDLE_MS - idleFor }
  if (endsAt !== null && endsAt - now <= END_WARNING_MS)
    return { kind: 'end-warning', leftMs: endsAt - now }
  return { kind: 'none' }
}
