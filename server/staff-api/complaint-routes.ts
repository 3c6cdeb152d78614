import type { FastifyPluginAsync } from 'fastify'

import { officialCalendar } from '#server/complaints/working-calendar.ts'

import { complaintActionRoutes } from './complaint-action-routes.ts'
import { complaintDecisionRoutes } from './complaint-decision-routes.ts'
import { complaintQueueRoutes } from './complaint-queue-routes.ts'
import type {
  ComplaintRouteContext,
  ComplaintRoutesOptions,
} from './complaint-route-parts.ts'
import { feedbackRoutes } from './feedback-routes.ts'

/**
 * The complaint workbench of the staff API, registered inside the guarded /staff-api scope
 * (staff-guard.ts): a session with its CSRF token or a personal API token, and the role each
 * route names (common/constants/staff.ts). The acting official is the signed-in person.
 * Answers are JSON; refusals `{ message }` with 400/401/403/404/409.
 */
export const complaintRoutes: FastifyPluginAsync<
  ComplaintRoutesOptions
> = async (scope, { db, deps, staff }) => {
  const calendar = deps.calendar ?? officialCalendar()
  const now = () => (deps.now ?? (() => new Date()))()
  const context: ComplaintRouteContext = { db, deps, staff, calendar, now }

  // An action sent without a body is read as an empty one, so its schema names what is missing.
  scope.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined)
      request.body = {}
  })

  await scope.register(complaintQueueRoutes, context)
  await scope.register(complaintDecisionRoutes, context)
  await scope.register(complaintActionRoutes, context)
  await scope.register(feedbackRoutes, context)
}
