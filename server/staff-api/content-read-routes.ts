import type { FastifyPluginAsync } from 'fastify'

import {
  ContentDashboardSchema,
  ContentItemDetailSchema,
  ContentItemPageSchema,
  ContentItemQuerySchema,
  ContentPublicViewSchema,
  ProjectChoicePageSchema,
  ProjectChoiceQuerySchema,
  RevisionDiffQuerySchema,
  RevisionDiffSchema,
  RevisionViewSchema,
} from '#common/schemas/content/workflow.ts'
import { projectChoices } from '#server/content/project-choices.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  type ContentRoutesOptions,
  ItemParamsSchema,
  READ,
  RevisionParamsSchema,
} from './content-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

export const contentReadRoutes: FastifyPluginAsync<
  Pick<ContentRoutesOptions, 'db' | 'content'>
> = async (scope, { db, content }) => {
  const app = withZodSchemas(scope)

  app.get(
    '/content/items',
    {
      config: READ,
      schema: {
        querystring: ContentItemQuerySchema,
        response: answers(ContentItemPageSchema),
      },
    },
    async (request) => content.list(request.query),
  )

  app.get(
    '/content/projects',
    {
      config: READ,
      schema: {
        querystring: ProjectChoiceQuerySchema,
        response: answers(ProjectChoicePageSchema),
      },
    },
    async (request) => projectChoices(db, request.query),
  )

  app.get(
    '/content/dashboard',
    { config: READ, schema: { response: answers(ContentDashboardSchema) } },
    async (request) => content.dashboard(actorOf(request)),
  )

  app.get(
    '/content/items/:id',
    {
      config: READ,
      schema: {
        params: ItemParamsSchema,
        response: answers(ContentItemDetailSchema),
      },
    },
    async (request) => content.detail(actorOf(request), request.params.id),
  )

  app.get(
    '/content/items/:id/revisions/:no',
    {
      config: READ,
      schema: {
        params: RevisionParamsSchema,
        response: answers(RevisionViewSchema),
      },
    },
    async (request) => content.revision(request.params.id, request.params.no),
  )

  app.get(
    '/content/items/:id/revisions/:no/public-view',
    {
      config: READ,
      schema: {
        params: RevisionParamsSchema,
        // ArticleDetail, ProjectDetail or LinkageDetail by the item's kind (ContentPublicViewOf).
        response: answers(ContentPublicViewSchema),
      },
    },
    async (request) => content.publicView(request.params.id, request.params.no),
  )

  app.get(
    '/content/items/:id/diff',
    {
      config: READ,
      schema: {
        params: ItemParamsSchema,
        querystring: RevisionDiffQuerySchema,
        response: answers(RevisionDiffSchema),
      },
    },
    async (request) =>
      content.diff(request.params.id, request.query.from, request.query.to),
  )
}
