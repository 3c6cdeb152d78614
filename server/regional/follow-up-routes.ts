import { type FastifyPluginAsync, type FastifyReply } from 'fastify'
import { type z } from 'zod'

import {
  ComplaintCodeQuerySchema,
  ComplaintNumberQuerySchema,
  MaterialAnswerSchema,
  ReceiptSignSchema,
  TranscriptQuerySchema,
  WithdrawalApplySchema,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import { parseInput } from '#common/schemas/parse-input.ts'
import { regionalError, regionalOk } from './regional-protocol.ts'
import { ComplaintError } from '#server/complaints/complaint-error.ts'
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
import { type Kysely } from 'kysely'

export type ComplaintFollowUpOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  /**
   * Checks a phone's SMS code (the complaint-query purpose) and uses it up; provided by the
   * SMS-code store. Without it, tsbhcx answers only number + query code.
   */
  verifySmsCode?: (phone: string, code: string) => Promise<boolean>
}

/** A refusal of the domain as a regional service error; never State 403/408 (those log out). */
function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ComplaintError)) throw error
  const state = error.status === 403 ? 409 : error.status
  return reply.code(state).send(regionalError(state, error.message))
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = parseInput(schema, input)
  if (!parsed.ok) throw new ComplaintError(400, parsed.message)
  return parsed.data
}

/**
 * The complainant's follow-up under /xjApi (behind the regional signature check). Every call
 * names the complaint by number and query code, except cxmcx (query code alone) and tsbhcx with
 * the contact phone and an SMS code. Rate limits keep guessing of codes slow.
 */
export const complaintFollowUpRoutes: FastifyPluginAsync<
  ComplaintFollowUpOptions
> = async (app, { db, deps, verifySmsCode }) => {
  // 30 calls a minute per address: enough for a person, slow for guessing query codes.
  const guard = {
    preHandler: app.rateLimit({
      max: 30,
      timeWindow: 60_000,
      errorResponseBuilder: () =>
        new ComplaintError(429, '查询过于频繁，请稍后再试'),
    }),
  }
  // Our refusals as regional service errors; everything else to the protocol's handler.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ComplaintError) return refuse(reply, error)
    throw error
  })

  app.get('/api/xjslts/tsbhcx', guard, async (request, reply) => {
    try {
      const query = parse(ComplaintNumberQuerySchema, request.query)
      if ('queryCode' in query)
        return regionalOk(await queryComplaintByNumber(db, deps, query))
      if (!verifySmsCode)
        throw new ComplaintError(
          400,
          '暂不支持短信验证码查询，请使用查询码查询',
        )
      if (!(await verifySmsCode(query.phone, query.smsCode)))
        throw new ComplaintError(400, '短信验证码不正确或已过期')
      return regionalOk(
        await queryComplaintByPhone(db, deps, query.complaintNo, query.phone),
      )
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.get('/api/xjslts/cxmcx', guard, async (request, reply) => {
    try {
      const { queryCode } = parse(ComplaintCodeQuerySchema, request.query)
      return regionalOk(await queryComplaintByCode(db, deps, queryCode))
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.post('/api/xjslts/receipt/sign', guard, async (request, reply) => {
    try {
      const body = parse(ReceiptSignSchema, request.body)
      return regionalOk(
        await signDocumentReceipt(
          db,
          deps,
          body,
          body.documentId,
          body.signerName,
        ),
      )
    } catch (error) {
      return refuse(reply, error)
    }
  })

  app.get('/api/xjslts/bilu/detail', guard, async (request, reply) => {
    try {
      const query = parse(TranscriptQuerySchema, request.query)
      return regionalOk(
        await findTranscriptDetail(db, query, query.transcriptId),
      )
    } catch (error) {
      return refuse(reply, error)
    }
  })

  // spec §7 lists tscshsb as GET; POST with a JSON body is served as well for longer answers.
  const answer = async (input: unknown, reply: FastifyReply) => {
    try {
      const body = parse(MaterialAnswerSchema, input)
      return regionalOk(await answerMaterialRequest(db, deps, body, body))
    } catch (error) {
      return refuse(reply, error)
    }
  }
  app.get('/api/xjslts/tscshsb', guard, (request, reply) =>
    answer(request.query, reply),
  )
  app.post('/api/xjslts/tscshsb', guard, (request, reply) =>
    answer(request.body, reply),
  )

  app.post('/api/xjslts/revoke/apply', guard, async (request, reply) => {
    try {
      const body = parse(WithdrawalApplySchema, request.body)
      return regionalOk(await applyForWithdrawal(db, deps, body, body))
    } catch (error) {
      return refuse(reply, error)
    }
  })
}
