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
  /**
   * Opens a complaint's files to the browser that named it with its proof, and refuses
   * answers that name another's files (file-access.ts).
   */
  access: FileAccess
  /**
   * Checks a phone's SMS code (the complaint-query purpose) and uses it up; provided by the
   * SMS-code store. Without it, tsbhcx answers only number + query code.
   */
  verifySmsCode?: (phone: string, code: string) => Promise<boolean>
}

/**
 * The one limit every follow-up route shares: 30 calls a minute per address, enough for a
 * person, slow for guessing query codes. Counted before the parameters are validated, so
 * malformed guesses count too.
 */
export function complaintQueryLimit(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>().rateLimit({
    max: 30,
    timeWindow: 60_000,
    groupId: 'complaint-query',
    errorResponseBuilder: () => new Refusal(429, '查询过于频繁，请稍后再试'),
  })
}

/** What each group of follow-up routes is given: the options and the shared limit. */
export type FollowUpRouteContext = ComplaintFollowUpOptions & {
  preValidation: ReturnType<typeof complaintQueryLimit>
}
