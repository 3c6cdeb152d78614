import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { COMPLAINT_ACTION_ROLE } from '#common/constants/staff.ts'
import {
  DecisionDraftSchema,
  StaffActionSchemas,
} from '#common/schemas/complaint/complaint-staff.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import { previewComplaintDocument } from '#server/complaints/complaint-service.ts'
import { draftDecision } from '#server/complaints/staff/decision-draft.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  ComplaintParamsSchema,
  type ComplaintRouteContext,
} from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

export const complaintDecisionRoutes: FastifyPluginAsync<
  ComplaintRouteContext
> = async (scope, { db, deps }) => {
  const app = withZodSchemas(scope)

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

  // Nothing is stored or changed, so like every read it is not in the audit log.
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
}
