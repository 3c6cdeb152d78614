import type { FastifyPluginAsync } from 'fastify'

import type { StaffService } from '#server/staff/staff-service.ts'

import { accountAdminRoutes } from './account-admin-routes.ts'
import { ownAccountRoutes } from './own-account-routes.ts'
import { sessionTokenAdminRoutes } from './session-token-admin-routes.ts'

type AccountRoutesOptions = {
  staff: StaffService
}

/**
 * The accounts under /staff-api (docs/api/staff-api.md, Console): one's own password, factor
 * and API tokens, and the administrator's accounts, sessions and tokens. Registered inside the
 * guarded scope (staff-guard.ts).
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  scope,
  { staff },
) => {
  await scope.register(ownAccountRoutes, { staff })
  await scope.register(accountAdminRoutes, { staff })
  await scope.register(sessionTokenAdminRoutes, { staff })
}
