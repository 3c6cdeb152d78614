import type { PortalApi } from '#common/portal-api.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

type Options = {
  ttlMs?: number
  maxEntries?: number
  // A credit record is archived once its public period has passed, so answers are kept per day.
  today?: () => string
  now?: () => Date
}

type CachedPortalApi = PortalApi & { clear(): void }

// Under load a page of ten costs one query per TTL instead of one per request. Article details
// are not cached: each read counts a view. Cached results are shared: treat them as read-only.
export function createCachedPortalApi(
  api: PortalApi,
  options: Options = {},
): CachedPortalApi {
  const ttlMs = options.ttlMs ?? 10_000
  const now = options.now ?? (() => new Date())
  const maxEntries = options.maxEntries ?? 1000
  const entries = new Map<
    string,
    { expires: number; value: Promise<unknown> }
  >()

  function cached<Q, R>(name: string, load: (query: Q) => Promise<R>) {
    return (query: Q): Promise<R> => {
      const key = `${name}:${JSON.stringify(query)}`
      const hit = entries.get(key)
      if (hit && hit.expires > now().getTime()) return hit.value as Promise<R>
      if (entries.size >= maxEntries)
        entries.delete(entries.keys().next().value!)
      const value = load(query)
      const entry = { expires: now().getTime() + ttlMs, value }
      entries.set(key, entry)
      // A failed load is not remembered: the next request tries again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key)
      })
      return value
    }
  }

  const today = options.today ?? (() => toShanghaiText(now()).slice(0, 10))
  function cachedByDay<Q, R>(name: string, load: (query: Q) => Promise<R>) {
    const byKey = cached(name, (keyed: { day: string; query: Q }) =>
      load(keyed.query),
    )
    return (query: Q) => byKey({ day: today(), query })
  }

  const homeLinks = cached('homeLinks', (_: undefined) => api.homeLinks())
  const typeTree = cached('typeTree', (_: undefined) => api.projectTypeTree())
  return {
    clear: () => entries.clear(),
    rotationData: cached('rotation', (q) => api.rotationData(q)),
    articlePageList: cached('pageList', (q) => api.articlePageList(q)),
    articleDetail: (q) => api.articleDetail(q),
    downloadPageList: cached('downloads', (q) => api.downloadPageList(q)),
    sysDic: cached('sysDic', (q) => api.sysDic(q)),
    homeLinks: () => homeLinks(undefined),
    footerLinks: cached('footerLinks', (q) => api.footerLinks(q)),
    projectTypeTree: () => typeTree(undefined),
    projectPageList: cached('projectPage', (q) => api.projectPageList(q)),
    projectDetail: cached('projectDetail', (q) => api.projectDetail(q)),
    projectStatistics: cached('statistics', (q) => api.projectStatistics(q)),
    projectLatest: cached('projectLatest', (q) => api.projectLatest(q)),
    projectHomeSummary: cached('projectHome', (q) => api.projectHomeSummary(q)),
    linkagePageList: cached('linkagePage', (q) => api.linkagePageList(q)),
    linkageDetail: cached('linkageDetail', (q) => api.linkageDetail(q)),
    creditPageList: cachedByDay('creditPage', (q) => api.creditPageList(q)),
    creditDetail: cachedByDay('creditDetail', (q) => api.creditDetail(q)),
    searchPageList: cached('search', (q) => api.searchPageList(q)),
    complaintPageList: cached('complaintPageList', (q) =>
      api.complaintPageList(q),
    ),
    complaintDetail: cached('complaintDetail', (q) => api.complaintDetail(q)),
    // A submission is a write: never cached.
    complaintFeedback: (input) => api.complaintFeedback(input),
    complaintFeedbackDetail: cached('feedbackDetail', (q) =>
      api.complaintFeedbackDetail(q),
    ),
    complaintFigures: cached('complaintFigures', (q) =>
      api.complaintFigures(q),
    ),
    supervisionStatistics: cached('supervisionStatistics', (q) =>
      api.supervisionStatistics(q),
    ),
  }
}
