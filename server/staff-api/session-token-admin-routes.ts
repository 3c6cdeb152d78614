import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import {
  AccountIdParamsSchema,
  ApiTokenSchema,
  EndedSessionsSchema,
  OpenSessionSchema,
} from '#common/schemas/staff.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { ADMIN } from './account-admin-routes.ts'
import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

export const sessionTokenAdminRoutes: FastifyPluginAsync<{
  staff: StaffService
}> = async (scope, { staff }) => {
  const app = withZodSchemas(scope)

  app.get(
    '/accounts/:id/sessions',
    {
      config: { staff: ADMIN },
      schema: {
        params: AccountIdParamsSchema,
        response: answers(z.object({ items: z.array(OpenSessionSchema) })),
      },
    },
    async (request) => ({ items: await staff.openSessions(request.params.id) }),
  )
  app.post(
    '/accounts/:id/end-sessions',
    {
      config: { staff: { ...ADMIN, audit: 'account.end-sessions' } },
      schema: {
        params: AccountIdParamsSchema,
        response: answers(EndedSessionsSchema),
      },
    },
    async (request) =>
      staff.endSessions(actorOf(request), placeOf(request), request.params.id),
  )
  app.get(
    '/tokens',
    {
      config: { staff: ADMIN },
      schema: {
        response: answers(z.object({ items: z.array(ApiTokenSchema) })),
      },
    },
    async () => ({ items: await staff.listApiTokens() }),
  )
}
