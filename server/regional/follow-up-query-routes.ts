import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

import {
  ComplaintCodeQuerySchema,
  ComplaintNumberQuerySchema,
  type ComplaintStatus,
  ComplaintStatusSchema,
  TranscriptDetailSchema,
  TranscriptQuerySchema,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import {
  findTranscriptDetail,
  queryComplaintByCode,
  queryComplaintByNumber,
  queryComplaintByPhone,
} from '#server/complaints/follow-up/complaint-follow-up.ts'
import { Refusal } from '#server/shared/refusal.ts'
import type { FollowUpRouteContext } from './follow-up-route-parts.ts'
import { regionalOk, regionalResponses } from './regional-protocol.ts'

export const followUpQueryRoutes: FastifyPluginAsync<
  FollowUpRouteContext
> = async (scope, { db, deps, access, verifySmsCode, preValidation }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()

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
}
