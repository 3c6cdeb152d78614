import { SIGN_IN_THROTTLES } from '#common/constants/staff.ts'
import type { ExpiringStore } from '#server/shared/expiring-store.ts'

import { sha256Hex } from './secret-box.ts'

type Scope = keyof typeof SIGN_IN_THROTTLES

// The wait before the next try after `failures` in a row: none for the first `free`, then
// 1 s, 2 s, 4 s … up to the cap.
export function throttleDelayMs(scope: Scope, failures: number): number {
  const { free, capMs } = SIGN_IN_THROTTLES[scope]
  if (failures < free) return 0
  return Math.min(capMs, 1000 * 2 ** Math.min(failures - free, 30))
}

// Names are counted as typed, whether an account has them or not, so a throttled unknown name
// looks like a throttled real one. A name's keys carry its generation, which 解锁 moves on:
// every address's count for the name is forgotten at once.
function keysOf(generation: string, address: string, name: string) {
  const who = sha256Hex(name.trim().toLowerCase()).slice(0, 32)
  return {
    pair: `staff-sign-in:pair:${who}:${generation}:${address}`,
    address: `staff-sign-in:address:${address}`,
    account: `staff-sign-in:account:${who}:${generation}`,
  } satisfies Record<Scope, string>
}

const generationKey = (name: string) =>
  `staff-sign-in:generation:${sha256Hex(name.trim().toLowerCase()).slice(0, 32)}`

// Counts live in the shared store (Redis with REDIS_URL, so every process counts together);
// times come from the service's clock, the store's expiry only forgets old counts.
export function signInThrottle(store: ExpiringStore, now: () => Date) {
  async function keys(address: string, name: string) {
    const generation = (await store.get(generationKey(name))) ?? '0'
    return keysOf(generation, address, name)
  }

  // How long this try must still wait, 0 when it may go on. Only one try per failure gets
  // through once throttling has begun, however many arrive together.
  async function waitOf(scope: Scope, key: string): Promise<number> {
    const [count, last] = await Promise.all([
      store.get(`${key}:n`),
      store.get(`${key}:at`),
    ])
    const failures = Number(count ?? 0)
    const delay = throttleDelayMs(scope, failures)
    if (delay === 0) return 0
    const wait = Number(last ?? 0) + delay - now().getTime()
    if (wait > 0) return wait
    const isFirst = await store.setIfAbsent(
      `${key}:try:${failures}:${last}`,
      '1',
      delay,
    )
    return isFirst ? 0 : delay
  }

  return {
    keys,

    // The longest wait among the scopes that apply; a place the account signed in from lately
    // is not held back by what other addresses did to the account.
    async waitMs(
      address: string,
      name: string,
      { isKnownPlace }: { isKnownPlace: boolean },
    ): Promise<number> {
      const k = await keys(address, name)
      const scopes: Scope[] = isKnownPlace
        ? ['address', 'pair']
        : ['address', 'pair', 'account']
      let longest = 0
      for (const scope of scopes)
        longest = Math.max(longest, await waitOf(scope, k[scope]))
      return longest
    },

    async recordFailure(address: string, name: string): Promise<void> {
      const k = await keys(address, name)
      const at = String(now().getTime())
      await Promise.all(
        (Object.keys(k) as Scope[]).map(async (scope) => {
          const { windowMs } = SIGN_IN_THROTTLES[scope]
          await store.increment(`${k[scope]}:n`, windowMs)
          await store.set(`${k[scope]}:at`, at, windowMs)
        }),
      )
    },

    // After a right password and code: this address's count for the name starts again.
    async recordSuccess(address: string, name: string): Promise<void> {
      const k = await keys(address, name)
      await store.delete(`${k.pair}:n`)
      await store.delete(`${k.pair}:at`)
    },

    // 解锁: every count for the name, from every address, is forgotten.
    async clear(name: string): Promise<void> {
      await store.increment(
        generationKey(name),
        Math.max(...Object.values(SIGN_IN_THROTTLES).map((t) => t.windowMs)),
      )
    },
  }
}

export type SignInThrottle = ReturnType<typeof signInThrottle>
