import { type FastifyPluginAsync } from 'fastify'
import { type ZodTypeProvider } from 'fastify-type-provider-zod'
import { type Kysely } from 'kysely'

import {
  ComplaintActionResultSchema,
  ComplaintCodeQuerySchema,
  ComplaintNumberQuerySchema,
  ComplaintStatusSchema,
  MaterialAnswerSchema,
  ReceiptSignedSchema,
  ReceiptSignSchema,
  TranscriptDetailSchema,
  TranscriptQuerySchema,
  WithdrawalApplySchema,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import { regionalOk, regionalResponses } from './regional-protocol.ts'
import {
  answerMaterialRequest,
  applyForWithdrawal,
  findTranscriptDetail,
  queryComplaintByCode,
  queryComplaintByNumber,
  queryComplaintByPhone,
  signDocumentReceipt,
} from '#server/complaints/follow-up/complaint-follow-up.ts'
import { type ComplaintDeps } from '#server/complaints/complaint-service.ts'
import { type Database } from '#server/db/schema.ts'
import { Refusal } from '#server/shared/refusal.ts'

export type ComplaintFollowUpOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  /**
   * Checks a phone's SMS code (the complaint-query purpose) and uses it up; provided by the
   * SMS-code store. Without it, tsbhcx answers only number + query code.
   */
  verifySmsCode?: (phone: string, code: string) => Promise<boolean>
}

/**
 * The complainant's follow-up under /xjApi (behind the regional signature check). Every call
 * names the complaint by number and query code, except cxmcx (query code alone) and tsbhcx with
 * the contact phone and an SMS code. Rate limits keep guessing of codes slow. Refusals are
 * answered by the regional error handler, which never gives State 403/408 (those log out).
 */
export const complaintFollowUpRoutes: FastifyPluginAsync<
  ComplaintFollowUpOptions
> = async (scope, { db, deps, verifySmsCode }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()
  // 30 calls a minute per address: enough for a person, slow for guessing query codes. Counted
  // before the parameters are validated, so malformed guesses count too.
  const preValidation = app.rateLimit({
    max: 30,
    timeWindow: 60_000,
    errorResponseBuilder: () => new Refusal(429, '查询过于频繁，请稍后再试'),
  })

  app.get(
    '/api/xjslts/tsbhcx',
    {
      preValidation,
      schema: {
        querystring: ComplaintNumberQuerySchema,
        response: regionalResponses(ComplaintStatusSchema),
      },
    },
    async (request) => {
      const query = request.query
      if ('queryCode' in query)
        return regionalOk(await queryComplaintByNumber(db, deps, query))
      if (!verifySmsCode)
        throw new Refusal(400, '暂不支持短信验证码查询，请使用查询码查询')
      if (!(await verifySmsCode(query.phone, query.smsCode)))
        throw new Refusal(400, '短信验证码不正确或已过期')
      return regionalOk(
        await queryComplaintByPhone(db, deps, query.complaintNo, query.phone),
      )
    },
  )

  app.get(
    '/api/xjslts/cxmcx',
    {
      preValidation,
      schema: {
        querystring: ComplaintCodeQuerySchema,
        response: regionalResponses(ComplaintStatusSchema),
      },
    },
    async (request) =>
      regionalOk(await queryComplaintByCode(db, deps, request.query.queryCode)),
  )

  app.post(
    '/api/xjslts/receipt/sign',
    {
      preValidation,
      schema: {
        body: ReceiptSignSchema,
        response: regionalResponses(ReceiptSignedSchema),
      },
    },
    async (request) => {
      const body = request.body
      return regionalOk(
        await signDocumentReceipt(
          db,
          deps,
          body,
          body.documentId,
          body.signerName,
        ),
      )
    },
  )

  app.get(
    '/api/xjslts/bilu/detail',
    {
      preValidation,
      schema: {
        querystring: TranscriptQuerySchema,
        response: regionalResponses(TranscriptDetailSchema),
      },
    },
    async (request) =>
      regionalOk(
        await findTranscriptDetail(
          db,
          request.query,
          request.query.transcriptId,
        ),
      ),
  )

  // spec §7 lists tscshsb as GET; POST with a JSON body is served as well for longer answers.
  const answered = { response: regionalResponses(ComplaintActionResultSchema) }
  app.get(
    '/api/xjslts/tscshsb',
    {
      preValidation,
      schema: { querystring: MaterialAnswerSchema, ...answered },
    },
    async (request) =>
      regionalOk(
        await answerMaterialRequest(db, deps, request.query, request.query),
      ),
  )
  app.post(
    '/api/xjslts/tscshsb',
    { preValidation, schema: { body: MaterialAnswerSchema, ...answered } },
    async (request) =>
      regionalOk(
        await answerMaterialRequest(db, deps, request.body, request.body),
      ),
  )

  app.post(
    '/api/xjslts/revoke/apply',
    {
      preValidation,
      schema: {
        body: WithdrawalApplySchema,
        response: regionalResponses(ComplaintActionResultSchema),
      },
    },
    async (request) =>
      regionalOk(
        await applyForWithdrawal(db, deps, request.body, request.body),
      ),
  )
}
