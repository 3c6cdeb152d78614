import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'

import {
  COMPLAINT_ACTION_ROLE,
  COMPLAINT_READ_ROLES,
  FEEDBACK_REPLY_ROLE,
} from '#common/constants/staff.ts'
import { ComplaintNoSchema } from '#common/schemas/complaint/complaint-fields.ts'
import {
  DecisionDraftSchema,
  FeedbackRepliedSchema,
  FeedbackReplySchema,
  STAFF_ACTIONS,
  StaffActionResultSchema,
  StaffActionSchemas,
  StaffComplaintDetailSchema,
  StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import {
  StaffComplaintDashboardSchema,
  StaffComplaintPageSchema,
  StaffComplaintQueueQuerySchema,
} from '#common/schemas/complaint/complaint-queue.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'
import type { Database } from '#server/db/schema.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import {
  type ComplaintDeps,
  performComplaintAction,
  previewComplaintDocument,
} from '#server/complaints/complaint-service.ts'
import { draftDecision } from '#server/complaints/staff/decision-draft.ts'
import {
  complaintDashboard,
  findStaffComplaintPage,
} from '#server/complaints/staff/staff-queue.ts'
import { buildStaffComplaintDetail } from '#server/complaints/staff/staff-view.ts'
import { replyToFeedback } from '#server/complaints/published/complaint-feedback.ts'
import { findFeedbackForStaff } from '#server/complaints/published/published-repository.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'
import { ErrorMessageSchema } from '#server/shared/error-handler.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

type ComplaintRoutesOptions = {
  db: Kysely<Database>
  deps: ComplaintDeps
  /** The audit log of every action and reply. */
  staff: StaffService
}

const ComplaintParamsSchema = z.object({ complaintNo: ComplaintNoSchema })

const READ = { staff: { roles: COMPLAINT_READ_ROLES } }

/**
 * The complaint workbench of the staff API, registered inside the guarded /staff-api scope
 * (staff-guard.ts): a session with its CSRF token or a personal API token, and the role each
 * route names (common/constants/staff.ts). The acting official is the signed-in person.
 * Answers are JSON; refusals `{ message }` with 400/401/403/404/409.
 */
export const complaintRoutes: FastifyPluginAsync<
  ComplaintRoutesOptions
> = async (scope, { db, deps, staff }) => {
  const app = withZodSchemas(scope)
  const calendar = deps.calendar ?? officialCalendar()
  const now = () => (deps.now ?? (() => new Date()))()

  app.get(
    '/complaints',
    {
      config: READ,
      schema: {
        querystring: StaffComplaintQueueQuerySchema,
        response: answers(StaffComplaintPageSchema),
      },
    },
    async (request) =>
      findStaffComplaintPage(db, request.query, now(), calendar),
  )

  app.get(
    '/complaints/dashboard',
    {
      config: READ,
      schema: { response: answers(StaffComplaintDashboardSchema) },
    },
    async () => complaintDashboard(db, now(), calendar),
  )

  app.get(
    '/complaints/:complaintNo',
    {
      config: READ,
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

  const DECIDE = {
    staff: {
      roles: [COMPLAINT_ACTION_ROLE.decide],
      audit: 'complaint.decision-preview',
    },
  }

  app.get(
    '/complaints/:complaintNo/decision-draft',
    {
      config: { staff: { roles: [COMPLAINT_ACTION_ROLE.decide] } },
      schema: {
        params: ComplaintParamsSchema,
        response: answers(DecisionDraftSchema),
      },
    },
    async (request) => {
      const no = request.params.complaintNo
      const c = await findComplaintByNo(db, no)
      if (!c) throw new Refusal(404, `投诉编号${no}不存在`)
      return draftDecision(db, c)
    },
  )

  // The 处理决定书 the decide action would issue with this body, unsealed and marked 草稿, for the
  // head to read before 签发. Nothing is stored or changed, so like every read it is not in the
  // audit log (a refusal is, as for every POST).
  app.post(
    '/complaints/:complaintNo/decision-preview',
    {
      config: DECIDE,
      schema: {
        params: ComplaintParamsSchema,
        body: StaffActionSchemas.decide,
        response: answers(z.instanceof(Buffer).describe('application/pdf')),
      },
    },
    async (request, reply) => {
      const { operator: _ignored, ...payload } = request.body
      const { title, pdf } = await previewComplaintDocument(
        db,
        { ...deps, log: request.log },
        request.params.complaintNo,
        'decide',
        { kind: 'staff', name: actorOf(request).displayName },
        payload,
      )
      const name = `${title}（草稿）（${request.params.complaintNo}）.pdf`
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(Buffer.from(pdf))
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
        config: {
          staff: {
            roles: [COMPLAINT_ACTION_ROLE[action]],
            audit: `complaint.${action}`,
          },
        },
        schema: {
          params: ComplaintParamsSchema,
          body: StaffActionSchemas[action],
          response: answers(StaffActionResultSchema),
        },
      },
      async (request) => {
        const no = request.params.complaintNo
        const actor = actorOf(request)
        // The official is the person signed in or owning the token; a body's `operator`
        // (accepted for older clients) is not believed.
        const { operator: _ignored, ...payload } = request.body
        const result = await performComplaintAction(
          db,
          { ...deps, log: request.log },
          no,
          action,
          { kind: 'staff', name: actor.displayName },
          payload,
        )
        await staff.audit({
          actor,
          address: request.ip,
          action: `complaint.${action}`,
          target: no,
          detail: {
            ...payload,
            state: result.state,
            eventId: result.eventId,
          },
        })
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
      config: READ,
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
      config: READ,
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
      config: {
        staff: { roles: [FEEDBACK_REPLY_ROLE], audit: 'feedback.reply' },
      },
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
    async (request) => {
      const replied = await replyToFeedback(
        db,
        request.params.id,
        request.body,
        now(),
      )
      await staff.audit({
        actor: actorOf(request),
        address: request.ip,
        action: 'feedback.reply',
        target: String(request.params.id),
        detail: { ...request.body },
      })
      return replied
    },
  )
}
