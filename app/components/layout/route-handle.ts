/**
 * What a route module says about itself in `handle` (spec §2, breadcrumb rules): its title,
 * breadcrumb=false to stay out of the trail, noRedirect to show its crumb as plain text.
 */
export type RouteHandle = {
  title?: string
  breadcrumb?: false
  noRedirect?: boolean
}
