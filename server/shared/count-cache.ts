/**
 * Totals of list queries kept until published content changes: a list page asks for the
 * number of matching rows to show 「共 N 条」 and its page count, and counting tens of
 * thousands of rows for every page of every filter costs more than the page itself. The totals
 * change only when content is published or withdrawn, which clears them (content-changes.ts);
 * `maxAgeMs` bounds how long another process's change can go unseen without Redis.
 */
export type CountCache = {
  count(key: string, compute: () => Promise<number>): Promise<number>
  clear(): void
}

export function createCountCache({
  maxEntries = 5000,
  maxAgeMs = 10_000,
} = {}): CountCache {
  let totals = new Map<string, { total: Promise<number>; at: number }>()
  return {
    count(key, compute) {
      const kept = totals.get(key)
      if (kept && Date.now() - kept.at < maxAgeMs) return kept.total
      // Too many filters seen: start again rather than grow.
      if (totals.size >= maxEntries) totals = new Map()
      // The promise is kept, so requests arriving together count once.
      const total = compute()
      const entry = { total, at: Date.now() }
      totals.set(key, entry)
      total.catch(() => {
        if (totals.get(key) === entry) totals.delete(key)
      })
      return total
    },
    clear() {
      totals = new Map()
    },
  }
}
