/**
 * A short-lived cache of rendered pages. Every anonymous visitor sees the same page for the
 * same URL, so rendering it once per few seconds instead of once per request keeps the portal
 * fast under load, while new content still shows within the TTL (or at once after clear()).
 */
export type CachedPage = { status: number; headers: [string, string][]; html: string }

export type PageCache = {
  get(key: string): CachedPage | undefined
  set(key: string, page: CachedPage): void
  clear(): void
  readonly size: number
}

export function createPageCache({ ttlMs = 10_000, maxEntries = 2000 } = {}): PageCache {
  const entries = new Map<string, { page: CachedPage; expires: number }>()
  return {
    get(key) {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires < Date.now()) {
        entries.delete(key)
        return undefined
      }
      return entry.page
    },
    set(key, page) {
      // Map keeps insertion order: dropping the first key evicts the oldest entry.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, { page, expires: Date.now() + ttlMs })
    },
    clear() {
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}
