import { z } from 'zod'

import type { PortalApi } from '#common/portal-api.ts'
import {
  FooterLinkGroupSchema,
  FooterLinkQuerySchema,
  HomeLinkSchema,
  SysDicQuerySchema,
  SysDicResultSchema,
} from '#common/schemas/site.ts'

import type { PortalRoute } from './portal-route.ts'

export function portalSiteRoutes(route: PortalRoute, api: PortalApi) {
  route('/Common/SysDic', SysDicQuerySchema, SysDicResultSchema, (q) =>
    api.sysDic(q),
  )
  route('/Home/Link', z.object({}), z.array(HomeLinkSchema), () =>
    api.homeLinks(),
  )
  route(
    '/linkConfiguration/SearchByPlatformType',
    FooterLinkQuerySchema,
    FooterLinkGroupSchema,
    (q) => api.footerLinks(q),
  )
}
