import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'

import {
  ComplaintActionResultSchema,
  ComplaintCodeQuerySchema,
  ComplaintNumberQuerySchema,
  type ComplaintStatus,
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
import type { ComplaintDeps } from '#server/complaints/complaint-service.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import { MSG_FILES_MISSING } from '#server/complaints/filing/complaint-form.ts'
import { Refusal } from '#server/shared/refusal.ts'

type ComplaintFollowUpOptions = {
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
  const app = scope.withTypeProvider<ZodTypeProvider>()
  // 30 calls a minute per address: enough for a person, slow for guessing query codes. Counted
  // before the parameters are validated, so malformed guesses count too.
  const preValidation = app.rateLimit({
    max: 30,
    timeWindow: 60_000,
    groupId: 'complaint-query',
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
    async (request, reply) => {
      const query = request.query
      let status: ComplaintStatus
      if ('queryCode' in query)
        status = await queryComplaintByNumber(db, deps, query)
      else {
        if (!verifySmsCode)
          throw new Refusal(400, '暂不支持短信验证码查询，请使用查询码查询')
        if (!(await verifySmsCode(query.phone, query.smsCode)))
          throw new Refusal(400, '短信验证码不正确或已过期')
        status = await queryComplaintByPhone(
          db,
          deps,
          query.complaintNo,
          query.phone,
        )
      }
      await access.grantComplaint(request, reply, status.complaintNo)
      return regionalOk(status)
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
    async (request, reply) => {
      const status = await queryComplaintByCode(
        db,
        deps,
        request.query.queryCode,
      )
      await access.grantComplaint(request, reply, status.complaintNo)
      return regionalOk(status)
    },
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
    async (request, reply) => {
      const detail = await findTranscriptDetail(
        db,
        request.query,
        request.query.transcriptId,
      )
      await access.grantComplaint(request, reply, request.query.complaintNo)
      return regionalOk(detail)
    },
  )

  // An answer names files this browser uploaded: another's, or a complaint's, count as missing.
  const checkFiles = async (request: FastifyRequest, fileIds: string[]) => {
    if ((await access.foreignAmong(request, fileIds)).length > 0)
      throw new Refusal(400, MSG_FILES_MISSING)
  }

  // spec §7 lists tscshsb as GET; POST with a JSON body is served as well for longer answers.
  const answered = { response: regionalResponses(ComplaintActionResultSchema) }
  app.get(
    '/api/xjslts/tscshsb',
    {
      preValidation,
      schema: { querystring: MaterialAnswerSchema, ...answered },
    },
    async (request) => {
      await checkFiles(request, request.query.fileIds)
      return regionalOk(
        await answerMaterialRequest(db, deps, request.query, request.query),
      )
    },
  )
  app.post(
    '/api/xjslts/tscshsb',
    { preValidation, schema: { body: MaterialAnswerSchema, ...answered } },
    async (request) => {
      await checkFiles(request, request.body.fileIds)
      return regionalOk(
        await answerMaterialRequest(db, deps, request.body, request.body),
      )
    },
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
    async (request) => {
      await checkFiles(request, request.body.fileIds)
      return regionalOk(
        await applyForWithdrawal(db, deps, request.body, request.body),
      )
    },
  )
}
