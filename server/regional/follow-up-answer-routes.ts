import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

import {
  ComplaintActionResultSchema,
  MaterialAnswerSchema,
  ReceiptSignedSchema,
  ReceiptSignSchema,
  WithdrawalApplySchema,
} from '#common/schemas/complaint/complaint-follow-up.ts'
import {
  answerMaterialRequest,
  applyForWithdrawal,
  signDocumentReceipt,
} from '#server/complaints/follow-up/complaint-follow-up.ts'
import { MSG_FILES_MISSING } from '#server/complaints/filing/complaint-form.ts'
import { Refusal } from '#server/shared/refusal.ts'
import type { FollowUpRouteContext } from './follow-up-route-parts.ts'
import { regionalOk, regionalResponses } from './regional-protocol.ts'

export const followUpAnswerRoutes: FastifyPluginAsync<
  FollowUpRouteContext
> = async (scope, { db, deps, access, preValidation }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>()

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
