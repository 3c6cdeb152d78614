// Counting tens of thousands of rows for every page of every filter costs more than the page;
// these facts change only with publication or withdrawal, which clears them (content-changes.ts).
export type CountCache = {
  count(key: string, compute: () => Promise<number>): Promise<number>
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>
  clear(): void
}

type Kept = Map<string, { value: Promise<unknown>; at: number }>

// A category's articles per day are some thousand entries, so fewer facts than totals are kept.
export function createCountCache({
  maxEntries = 5000,
  maxFacts = 256,
  maxAgeMs = 10_000,
  now = () => Date.now(),
}: {
  maxEntries?: number
  maxFacts?: number
  maxAgeMs?: number
  now?: () => number
} = {}): CountCache {
  let totals: Kept = new Map()
  let facts: Kept = new Map()
  function keep<T>(
    kept: Kept,
    limit: number,
    key: string,
    compute: () => Promise<T>,
  ): { kept: Kept; value: Promise<T> } {
    const entry = kept.get(key)
    if (entry && now() - entry.at < maxAgeMs)
      return { kept, value: entry.value as Promise<T> }
    // Too many filters seen: start again rather than grow.
    const into: Kept = kept.size >= limit ? new Map() : kept
    // The promise is kept, so requests arriving together compute once.
    const value = compute()
    const added = { value, at: now() }
    into.set(key, added)
    value.catch(() => {
      if (into.get(key) === added) into.delete(key)
    })
    return { kept: into, value }
  }
  return {
    count(key, compute) {
      const { kept, value } = keep(totals, maxEntries, key, compute)
      totals = kept
      return value
    },
    remember(key, compute) {
      const { kept, value } = keep(facts, maxFacts, key, compute)
      facts = kept
      return value
    },
    clear() {
      totals = new Map()
      facts = new Map()
    },
  }
}
