import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

import { displayModeOf } from '#common/display-mode.ts'

function routeTree(
  routes: ServerBuild['routes'],
  parentId: string | undefined,
): RouteObject[] {
  return Object.values(routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return []
    const { id, path, caseSensitive } = route
    if (route.index) return [{ id, path, caseSensitive, index: true }]
    return [{ id, path, caseSensitive, children: routeTree(routes, id) }]
  })
}

function declaredQuery(module: unknown): readonly string[] | undefined {
  const handle = (module as { handle?: { query?: unknown } }).handle
  return Array.isArray(handle?.query)
    ? (handle.query as readonly string[])
    : undefined
}

// Paths seen are remembered up to this many; beyond, the memory starts again.
const REMEMBERED_PATHS = 2000

// Only the query parameters the page reads: `?id=71&x=<random>` is the page of `?id=71`, not a
// render forced on every request. Of the cookies only the display mode's is read, as
// displayModeOf reads it, so no cookie can make a render per request.
export function createPageCacheKey(
  build: Pick<ServerBuild, 'routes'>,
): (url: string, cookieHeader?: string) => string {
  const tree = routeTree(build.routes, undefined)
  const queryOfPath = new Map<string, readonly string[] | undefined>()
  function queryOf(pathname: string) {
    if (queryOfPath.has(pathname)) return queryOfPath.get(pathname)
    const matches = matchRoutes(tree, pathname)
    const leaf = matches?.at(-1)?.route.id
    const query = leaf ? declaredQuery(build.routes[leaf]?.module) : undefined
    if (queryOfPath.size >= REMEMBERED_PATHS) queryOfPath.clear()
    queryOfPath.set(pathname, query)
    return query
  }
  function pageOf(url: string) {
    const mark = url.indexOf('?')
    if (mark < 0) return url
    const pathname = url.slice(0, mark)
    const query = queryOf(pathname)
    if (!query) return url
    const given = new URLSearchParams(url.slice(mark + 1))
    const kept = new URLSearchParams()
    for (const name of query)
      for (const value of given.getAll(name)) kept.append(name, value)
    const search = kept.toString()
    return search ? `${pathname}?${search}` : pathname
  }
  // A line break never occurs in a request's URL: the mode cannot be spelled by an address.
  return (url, cookieHeader) =>
    displayModeOf(cookieHeader) === 'elder'
      ? `${pageOf(url)}\nmode=elder`
      : pageOf(url)
}
