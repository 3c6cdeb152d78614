import type { PortalApi } from '#common/portal-api.ts'
import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'
import { FOOTER_LINK_GROUPS } from '#common/constants/site.ts'

// The links live on their own service: when it fails, the footer shows an empty group and the
// page itself still renders.
export function loadFooterGroups(api: PortalApi) {
  return Promise.all(
    FOOTER_LINK_GROUPS.map(({ type }) =>
      api
        .footerLinks({ platformType: DEFAULT_PTYPE, type })
        .catch(() => ({ type, children: [] })),
    ),
  )
}
