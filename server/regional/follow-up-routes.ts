import type { FastifyPluginAsync } from 'fastify'

import { followUpAnswerRoutes } from './follow-up-answer-routes.ts'
import { followUpQueryRoutes } from './follow-up-query-routes.ts'
import {
  complaintQueryLimit,
  type ComplaintFollowUpOptions,
} from './follow-up-route-parts.ts'

/**
 * The complainant's follow-up under /xjApi (behind the regional signature check). Every call
 * names the complaint by number and query code, except cxmcx (query code alone) and tsbhcx with
 * the contact phone and an SMS code. Rate limits keep guessing of codes slow. Refusals are
 * answered by the regional error handler, which never gives State 403/408 (those log out).
 * A successful query (tsbhcx, cxmcx, bilu/detail) opens the complaint's documents and files to
 * the browser that asked, through its file access cookie, for a while: the urls in the answer
 * work there and nowhere else.
 */
export const complaintFollowUpRoutes: FastifyPluginAsync<
  ComplaintFollowUpOptions
> = async (scope, { db, deps, access, verifySmsCode }) => {
  const preValidation = complaintQueryLimit(scope)
  const context = { db, deps, access, verifySmsCode, preValidation }
  await scope.register(followUpQueryRoutes, context)
  await scope.register(followUpAnswerRoutes, context)
}
