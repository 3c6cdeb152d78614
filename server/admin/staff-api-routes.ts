import { type FastifyPluginAsync } from 'fastify'
import { type Kysely } from 'kysely'
import { z } from 'zod'

import { ComplaintNoSchema } from '#common/schemas/complaint/complaint-fields.ts'
import {
  FeedbackRepliedSchema,
  FeedbackReplySchema,
  STAFF_ACTIONS,
  StaffActionResultSchema,
  StaffActionSchemas,
  StaffComplaintDetailSchema,
  StaffComplaintListQuerySchema,
  StaffComplaintPageSchema,
  StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'
import { type Database } from '#server/db/schema.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import {
  type ComplaintDeps,
  performComplaintAction,
} from '#server/complaints/complaint-service.ts'
import {
  buildStaffComplaintDetail,
  findStaffComplaintPage,
} from '#server/complaints/staff/staff-view.ts'
import { replyToFeedback } from '#server/complaints/published/complaint-feedback.ts'
import { findFeedbackForStaff } from '#server/complaints/published/published-repository.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'
import {
  defaultErrorHandler,
  ErrorMessageSchema,
} from '#server/shared/error-handler.ts'
import { acceptJsonBodies } from '#server/shared/json-body.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import { staffRequestCheck } from '#server/staff/staff-access.ts'

/**
 * The largest JSON body of the staff API: its biggest legitimate bodies, an investigation record
 * (content 20,000 characters) or a decision (17,000), are at most 125 KB even if JSON escapes
 * every character as \uXXXX.
 */
export const STAFF_BODY_LIMIT = 256 * 1024

export type StaffRoutesOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  /** STAFF_API_TOKEN: the department's bearer token. */
  token: string
}

/** Success with `schema`; refusals and failures `{ message }`. */
const answers = <T extends z.ZodType>(schema: T) => ({
  200: schema,
  '4xx': ErrorMessageSchema,
  '5xx': ErrorMessageSchema,
})

const ComplaintParamsSchema = z.object({ complaintNo: ComplaintNoSchema })

/**
 * The department's staff API, register with prefix /staff-api. Every request carries
 * `Authorization: Bearer <STAFF_API_TOKEN>` (checked by staff-access.ts). Answers are JSON;
 * refusals `{ message }` with 400/401/404/409.
 */
export const staffRoutes: FastifyPluginAsync<StaffRoutesOptions> = async (
  scope,
  { db, deps, token },
) => {
  const app = withZodSchemas(scope)
  app.setErrorHandler(defaultErrorHandler)
  acceptJsonBodies(scope, { maxBytes: STAFF_BODY_LIMIT })
  const isStaffRequest = staffRequestCheck(token)
  const calendar = deps.calendar ?? officialCalendar()
  const now = () => (deps.now ?? (() => new Date()))()
  app.addHook('onRequest', async (request, reply) => {
    // Personal data as JSON, refusals included: never stored, never sniffed (as /xjApi).
    reply.headers({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    })
    if (!isStaffRequest(request))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: '缺少或错误的工作人员令牌' })
  })

  app.get(
    '/complaints',
    {
      schema: {
        querystring: StaffComplaintListQuerySchema,
        response: answers(StaffComplaintPageSchema),
      },
    },
    async (request) => findStaffComplaintPage(db, request.query, calendar),
  )

  app.get(
    '/complaints/:complaintNo',
    {
      schema: {
        params: ComplaintParamsSchema,
        response: answers(StaffComplaintDetailSchema),
      },
    },
    async (request) => {
      const no = request.params.complaintNo
      const c = await findComplaintByNo(db, no)
      if (!c) throw new Refusal(404, `投诉编号${no}不存在`)
      return buildStaffComplaintDetail(db, c, now(), calendar)
    },
  )

  // An action sent without a body is read as an empty one, so its schema names what is missing.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined)
      request.body = {}
  })
  // One route per action, each with the schema of its payload (common/schemas/complaint/).
  for (const action of STAFF_ACTIONS) {
    app.post(
      `/complaints/:complaintNo/actions/${action}`,
      {
        schema: {
          params: ComplaintParamsSchema,
          body: StaffActionSchemas[action],
          response: answers(StaffActionResultSchema),
        },
      },
      async (request) => {
        const no = request.params.complaintNo
        const { operator, ...payload } = request.body
        const result = await performComplaintAction(
          db,
          { ...deps, log: request.log },
          no,
          action,
          { kind: 'staff', name: operator },
          payload,
        )
        const c = await findComplaintByNo(db, no)
        return {
          ...result,
          complaint: await buildStaffComplaintDetail(db, c!, now(), calendar),
        }
      },
    )
  }
  app.post(
    '/complaints/:complaintNo/actions/:action',
    {
      schema: {
        params: ComplaintParamsSchema.extend({ action: z.string() }),
        response: { '4xx': ErrorMessageSchema },
      },
    },
    async (request) => {
      throw new Refusal(
        404,
        `没有“${request.params.action}”这项办理操作（可用：${STAFF_ACTIONS.join('、')}）`,
      )
    },
  )

  app.get(
    '/feedback',
    {
      schema: {
        querystring: PageQuerySchema,
        response: answers(StaffFeedbackPageSchema),
      },
    },
    async (request) => findFeedbackForStaff(db, request.query),
  )

  app.post(
    '/feedback/:id/reply',
    {
      schema: {
        params: z.object({
          id: z.coerce
            .number({ error: '留言编号无效' })
            .int('留言编号无效')
            .positive('留言编号无效'),
        }),
        body: FeedbackReplySchema,
        response: answers(FeedbackRepliedSchema),
      },
    },
    async (request) =>
      replyToFeedback(db, request.params.id, request.body, now()),
  )
}
