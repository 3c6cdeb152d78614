import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'

import type { ComplaintDeps } from '#server/complaints/complaint-service.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import { Refusal } from '#server/shared/refusal.ts'

export type ComplaintFollowUpOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  access: FileAccess
  // Without it, tsbhcx answers only number + query code.
  verifySmsCode?: (phone: string, code: string) => Promise<boolean>
}

// Enough for a person, slow for guessing query codes. Counted before the parameters are
// validated, so malformed guesses count too.
export function complaintQueryLimit(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>().rateLimit({
    max: 30,
    timeWindow: 60_000,
    groupId: 'complaint-query',
    errorResponseBuilder: () => new Refusal(429, '查询过于频繁，请稍后再试'),
  })
}

export type FollowUpRouteContext = ComplaintFollowUpOptions & {
  preValidation: ReturnType<typeof complaintQueryLimit>
}
