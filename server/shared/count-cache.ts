/**
 * Totals of list queries, and other facts of a list such as how many articles a category has
 * on each day (where a deep page starts, article-list-repository.ts), kept until published
 * content changes: a list page asks for the number of matching rows to show 「共 N 条」 and its page
 * count, and counting tens of thousands of rows for every page of every filter costs more than
 * the page itself. These change only when content is published or withdrawn, which clears
 * them (content-changes.ts); `maxAgeMs` bounds how long another process's change can go
 * unseen without Redis.
 */
export type CountCache = {
  count(key: string, compute: () => Promise<number>): Promise<number>
  /** Any other fact of a list that changes only with its content, kept as totals are. */
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>
  clear(): void
}

type Kept = Map<string, { value: Promise<unknown>; at: number }>

/**
 * `maxEntries` totals; other facts are larger (a category's articles per day are some
 * thousand entries), so fewer of them are kept: `maxFacts`. `now` is the clock in epoch
 * milliseconds (a test moves its own past `maxAgeMs` instead of waiting).
 */
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
