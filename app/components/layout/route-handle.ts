export type RouteHandle = {
  title?: string
  breadcrumb?: false
  noRedirect?: boolean
  // The page cache keeps one copy per combination of these parameters' values and ignores any
  // other (server/pages/page-cache-key.ts); without it, one copy per whole URL.
  query?: readonly string[]
}
