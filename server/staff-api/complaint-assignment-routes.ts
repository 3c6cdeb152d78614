import type { FastifyPluginAsync } from 'fastify'

import { ROLE_HEAD } from '#common/constants/staff.ts'
import {
  AssignableStaffSchema,
  ComplaintAssignResultSchema,
  ComplaintAssignSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import {
  assignComplaints,
  findAssignableStaff,
} from '#server/complaints/staff/complaint-assignment.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { type ComplaintRouteContext, READ } from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

// 承办人: who may own a case, and a head's assignment of one complaint or several at once.
export const complaintAssignmentRoutes: FastifyPluginAsync<
  ComplaintRouteContext
> = async (scope, { db, staff, now }) => {
  const app = withZodSchemas(scope)

  app.get(
    '/complaints/assignees',
    { config: READ, schema: { response: answers(AssignableStaffSchema) } },
    async () => ({
      items: (await findAssignableStaff(db)).map((s) => ({
        id: Number(s.id),
        name: s.displayName,
      })),
    }),
  )

  app.post(
    '/complaints/assign',
    {
      config: { staff: { roles: [ROLE_HEAD], audit: 'complaint.assign' } },
      schema: {
        body: ComplaintAssignSchema,
        response: answers(ComplaintAssignResultSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const changed = await assignComplaints(db, {
        ...request.body,
        actorName: actor.displayName,
        now: now(),
      })
      await staff.audit({
        actor,
        address: request.ip,
        action: 'complaint.assign',
        target: request.body.complaintNos.join(','),
        detail: { ...request.body, changed: changed.length },
      })
      return { changed }
    },
  )
}
