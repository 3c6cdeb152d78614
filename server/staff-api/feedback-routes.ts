import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { FEEDBACK_REPLY_ROLE } from '#common/constants/staff.ts'
import {
  FeedbackRepliedSchema,
  FeedbackReplySchema,
  StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'
import { replyToFeedback } from '#server/complaints/published/complaint-feedback.ts'
import { findFeedbackForStaff } from '#server/complaints/published/published-repository.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { type ComplaintRouteContext, READ } from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

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
