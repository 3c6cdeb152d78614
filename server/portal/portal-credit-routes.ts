import type { PortalApi } from '#common/portal-api.ts'
import {
  CreditDetailQuerySchema,
  CreditDetailSchema,
  CreditPageQuerySchema,
  CreditPageSchema,
} from '#common/schemas/credit.ts'

import type { PortalRoute } from './portal-route.ts'

export function portalCreditRoutes(route: PortalRoute, api: PortalApi) {
  route('/Credit/PageList', CreditPageQuerySchema, CreditPageSchema, (q) =>
    api.creditPageList(q),
  )
  route('/Credit/Detail', CreditDetailQuerySchema, CreditDetailSchema, (q) =>
    api.creditDetail(q),
  )
}
