import type { FastifyPluginAsync } from 'fastify'

import {
  ApproveRevisionSchema,
  ContentItemDetailSchema,
  ReturnRevisionSchema,
  WithdrawItemSchema,
} from '#common/schemas/content/workflow.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  type ContentRoutesOptions,
  ItemParamsSchema,
  rule,
} from './content-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

export const contentReviewRoutes: FastifyPluginAsync<
  Pick<ContentRoutesOptions, 'content'>
> = async (scope, { content }) => {
  const app = withZodSchemas(scope)

  app.post(
    '/content/items/:id/approve',
    {
      config: rule('approve'),
      schema: {
        params: ItemParamsSchema,
        body: ApproveRevisionSchema,
        response: answers(ContentItemDetailSchema),
      },
    },
    async (request) =>
      content.approve(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body,
      ),
  )

  app.post(
    '/content/items/:id/return',
    {
      config: rule('return'),
      schema: {
        params: ItemParamsSchema,
        body: ReturnRevisionSchema,
        response: answers(ContentItemDetailSchema),
      },
    },
    async (request) =>
      content.returnRevision(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body,
      ),
  )

  app.post(
    '/content/items/:id/withdraw',
    {
      config: rule('withdraw'),
      schema: {
        params: ItemParamsSchema,
        body: WithdrawItemSchema,
        response: answers(ContentItemDetailSchema),
      },
    },
    async (request) =>
      content.withdraw(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body,
      ),
  )
}
