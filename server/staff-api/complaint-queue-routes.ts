import type { FastifyPluginAsync } from 'fastify'

import { StaffComplaintDetailSchema } from '#common/schemas/complaint/complaint-staff.ts'
import {
  StaffComplaintDashboardSchema,
  StaffComplaintPageSchema,
  StaffComplaintQueueQuerySchema,
} from '#common/schemas/complaint/complaint-queue.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import {
  complaintDashboard,
  findStaffComplaintPage,
} from '#server/complaints/staff/staff-queue.ts'
import { buildStaffComplaintDetail } from '#server/complaints/staff/staff-view.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  ComplaintParamsSchema,
  type ComplaintRouteContext,
  READ,
} from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

export const complaintQueueRoutes: FastifyPluginAsync<
  ComplaintRouteContext
> = async (scope, { db, staff, calendar, now }) => {
  const app = withZodSchemas(scope)

  app.get(
    '/complaints',
    {
      config: READ,
      schema: {
        querystring: StaffComplaintQueueQuerySchema,
        response: answers(StaffComplaintPageSchema),
      },
    },
    async (request) => {
      const { assignee, ...query } = request.query
      return findStaffComplaintPage(
        db,
        {
          ...query,
          assignee: assignee === 'me' ? actorOf(request).accountId : assignee,
        },
        now(),
        calendar,
      )
    },
  )

  app.get(
    '/complaints/dashboard',
    {
      config: READ,
      schema: { response: answers(StaffComplaintDashboardSchema) },
    },
    async (request) =>
      complaintDashboard(db, now(), calendar, actorOf(request).accountId),
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
      // The detail is unmasked: the complainant's identity number, phone and address.
      await staff.audit({
        actor: actorOf(request),
        address: request.ip,
        action: 'complaint.read',
        target: no,
        detail: {},
      })
      return buildStaffComplaintDetail(db, c, now(), calendar)
    },
  )
}
