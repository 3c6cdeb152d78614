import type { PortalApi } from '#common/portal-api.ts'
import { DEFAULT_PTYPE, FOOTER_LINK_GROUPS } from '#common/constants.ts'

/** The four footer link groups, one call each as the link API answers by type (spec §7). */
export function loadFooterGroups(api: PortalApi) {
  return Promise.all(
    FOOTER_LINK_GROUPS.map(({ type }) => api.footerLinks({ platformType: DEFAULT_PTYPE, type })),
  )
}
