import type { FastifyPluginAsync } from 'fastify'

import { ROLE_EDITOR } from '#common/constants/content.ts'
import {
  ContentItemDetailSchema,
  CreateContentSchema,
  RevisionActionSchema,
  SaveDraftSchema,
} from '#common/schemas/content/workflow.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  type ContentRoutesOptions,
  ItemParamsSchema,
  rule,
} from './content-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

export const contentEditingRoutes: FastifyPluginAsync<
  Pick<ContentRoutesOptions, 'content'>
> = async (scope, { content }) => {
  const app = withZodSchemas(scope)

  app.post(
    '/content/items',
    {
      config: { staff: { roles: [ROLE_EDITOR], audit: 'content.create' } },
      schema: {
        body: CreateContentSchema,
        response: answers(ContentItemDetailSchema),
      },
    },
    async (request) =>
      content.create(actorOf(request), placeOf(request), request.body),
  )

  app.put(
    '/content/items/:id/draft',
    {
      config: rule('save'),
      schema: {
        params: ItemParamsSchema,
        body: SaveDraftSchema,
        response: answers(ContentItemDetailSchema),
      },
    },
    async (request) =>
      content.saveDraft(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body,
      ),
  )

  for (const action of ['submit', 'discard', 'cancel-schedule'] as const)
    app.post(
      `/content/items/:id/${action}`,
      {
        config: rule(action),
        schema: {
          params: ItemParamsSchema,
          body: RevisionActionSchema,
          response: answers(ContentItemDetailSchema),
        },
      },
      async (request) => {
        const run = {
          submit: content.submit,
          discard: content.discard,
          'cancel-schedule': content.cancelSchedule,
        }[action]
        return run(
          actorOf(request),
          placeOf(request),
          request.params.id,
          request.body.base,
        )
      },
    )
}
