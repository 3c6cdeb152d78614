import type { FastifyPluginAsync } from 'fastify'

import { officialCalendar } from '#server/complaints/working-calendar.ts'

import { complaintActionRoutes } from './complaint-action-routes.ts'
import { complaintAssignmentRoutes } from './complaint-assignment-routes.ts'
import { complaintDecisionRoutes } from './complaint-decision-routes.ts'
import { complaintFiguresRoutes } from './complaint-figures-routes.ts'
import { complaintQueueRoutes } from './complaint-queue-routes.ts'
import type {
  ComplaintRouteContext,
  ComplaintRoutesOptions,
} from './complaint-route-parts.ts'
import { feedbackRoutes } from './feedback-routes.ts'

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
  await scope.register(complaintFiguresRoutes, context)
  await scope.register(complaintDecisionRoutes, context)
  await scope.register(complaintActionRoutes, context)
  await scope.register(complaintAssignmentRoutes, context)
  await scope.register(feedbackRoutes, context)
}
