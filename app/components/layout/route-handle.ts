/**
 * What a route module says about itself in `handle` (spec §2, breadcrumb rules): its title,
 * breadcrumb=false to stay out of the trail, noRedirect to show its crumb as plain text.
 */
export type RouteHandle = {
  title?: string
  breadcrumb?: false
  noRedirect?: boolean
  /**
   * The query parameters the page reads, all of them: the page cache keeps one copy per
   * combination of their values and ignores any other parameter (server/pages/page-cache-key.ts).
   * A page that does not say keeps one copy per whole URL.
   */
  query?: readonly string[]
}
