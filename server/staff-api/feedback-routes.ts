import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import {
  COMPLAINT_READ_ROLES,
  FEEDBACK_REPLY_ROLE,
} from '#common/constants/staff.ts'
import {
  FeedbackApprovedSchema,
  FeedbackRepliedSchema,
  FeedbackReplySchema,
  StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'
import {
  approveFeedbackReply,
  replyToFeedback,
} from '#server/complaints/published/complaint-feedback.ts'
import { findFeedbackForStaff } from '#server/complaints/published/published-repository.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { type ComplaintRouteContext, READ } from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

const FeedbackIdSchema = z.object({
  id: z.coerce
    .number({ error: '留言编号无效' })
    .int('留言编号无效')
    .positive('留言编号无效'),
})

export const feedbackRoutes: FastifyPluginAsync<ComplaintRouteContext> = async (
  scope,
  { db, staff, now },
) => {
  const app = withZodSchemas(scope)

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
        params: FeedbackIdSchema,
        body: FeedbackReplySchema,
        response: answers(FeedbackRepliedSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const replied = await replyToFeedback(
        db,
        request.params.id,
        request.body,
        actor,
        now(),
      )
      await staff.audit({
        actor,
        address: request.ip,
        action: 'feedback.reply',
        target: String(request.params.id),
        detail: { ...request.body },
      })
      return replied
    },
  )

  app.post(
    '/feedback/:id/approve',
    {
      config: {
        staff: { roles: COMPLAINT_READ_ROLES, audit: 'feedback.approve' },
      },
      schema: {
        params: FeedbackIdSchema,
        response: answers(FeedbackApprovedSchema),
      },
    },
    async (request) => {
      const actor = actorOf(request)
      const approved = await approveFeedbackReply(
        db,
        request.params.id,
        actor,
        now(),
      )
      await staff.audit({
        actor,
        address: request.ip,
        action: 'feedback.approve',
        target: String(request.params.id),
        detail: {},
      })
      return approved
    },
  )
}
