import type { FastifyPluginAsync } from 'fastify'

import { followUpAnswerRoutes } from './follow-up-answer-routes.ts'
import { followUpQueryRoutes } from './follow-up-query-routes.ts'
import {
  complaintQueryLimit,
  type ComplaintFollowUpOptions,
} from './follow-up-route-parts.ts'

// Refusals never give State 403/408: those log the regional client out. The urls in a query's
// answer work only in the browser that asked (its file access cookie).
export const complaintFollowUpRoutes: FastifyPluginAsync<
  ComplaintFollowUpOptions
> = async (scope, { db, deps, access, verifySmsCode }) => {
  const preValidation = complaintQueryLimit(scope)
  const context = { db, deps, access, verifySmsCode, preValidation }
  await scope.register(followUpQueryRoutes, context)
  await scope.register(followUpAnswerRoutes, context)
}
