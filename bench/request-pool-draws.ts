import type Database from 'better-sqlite3'

import { TIME_PRESETS } from '#common/constants/ui.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'

import type { createBaselineQueries } from './baseline-queries.ts'
import { SEARCH_KEYWORDS } from './search-keywords.ts'

export type RequestSpec = {
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export type RequestPair = { portal: RequestSpec; baseline: RequestSpec }

export const PAGE_SIZE = 10
// Enough distinct requests for a few seconds at thousands a second.
export const POOL_SIZE = 40_000

export function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

export const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)]!

export const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value))
  return search.toString()
}

export const LIST_KEYWORDS = SEARCH_KEYWORDS.filter(
  (k) => k.kind === '2 characters' || k.kind === '4 characters',
).map((k) => k.keyword)

export function pagesOf<F>(
  filters: F[],
  count: (filter: F) => number,
  random: () => number,
): { filter: F; page: number }[] {
  const counted = filters.map((filter) => ({
    filter,
    pages: Math.max(1, Math.ceil(count(filter) / PAGE_SIZE)),
  }))
  const available = counted.reduce((sum, f) => sum + f.pages, 0)
  const wanted = Math.min(POOL_SIZE, available)
  const seen = new Set<string>()
  const result: { filter: F; page: number }[] = []
  for (let tries = 0; result.length < wanted && tries < wanted * 20; tries++) {
    const { filter, pages } = counted[Math.floor(random() * counted.length)]!
    const page = 1 + Math.floor(random() * pages)
    // Two filters drawn alike are one: the key is the filter itself.
    const key = `${JSON.stringify(filter)}:${page}`
    if (seen.has(key)) continue
    seen.add(key)
    result.push({ filter, page })
  }
  return result
}

export const TIME_KEYS = TIME_PRESETS.map((t) => t.key)

export type PoolContext = {
  db: Database.Database
  random: () => number
  queries: ReturnType<typeof createBaselineQueries>
}

// The portal takes a timestamp within five minutes, so a pool is made just before its workload.
export async function signedRequest(
  path: string,
  params: Record<string, unknown>,
  secret: string,
): Promise<RequestSpec> {
  const body = { ...params, ts: Date.now() }
  return {
    path,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sign': await portalSign(body, secret),
    },
    body: JSON.stringify(body),
  }
}
