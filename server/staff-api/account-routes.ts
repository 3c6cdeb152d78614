import type { FastifyPluginAsync } from 'fastify'

import type { StaffService } from '#server/staff/staff-service.ts'

import { accountAdminRoutes } from './account-admin-routes.ts'
import { ownAccountRoutes } from './own-account-routes.ts'
import { sessionTokenAdminRoutes } from './session-token-admin-routes.ts'

type AccountRoutesOptions = {
  staff: StaffService
}

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  scope,
  { staff },
) => {
  await scope.register(ownAccountRoutes, { staff })
  await scope.register(accountAdminRoutes, { staff })
  await scope.register(sessionTokenAdminRoutes, { staff })
}
