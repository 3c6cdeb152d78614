import multipart from '@fastify/multipart'
import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'

import { CONTENT_READ_ROLES, ROLE_EDITOR } from '#common/constants/content.ts'
import { MSG_BAD_FILE_FORMAT } from '#common/messages.ts'
import {
  ApproveRevisionSchema,
  type ContentAction,
  ContentDashboardSchema,
  ContentItemDetailSchema,
  ContentItemPageSchema,
  ContentItemQuerySchema,
  ContentPublicViewSchema,
  ContentUploadSchema,
  CreateContentSchema,
  ProjectChoicePageSchema,
  ProjectChoiceQuerySchema,
  ReturnRevisionSchema,
  RevisionActionSchema,
  RevisionDiffQuerySchema,
  RevisionDiffSchema,
  RevisionViewSchema,
  SaveDraftSchema,
  WithdrawItemSchema,
} from '#common/schemas/content/workflow.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'
import { MAX_UPLOAD_BYTES } from '#common/upload-rules.ts'
import {
  CONTENT_ACTION_ROLE,
  type ContentWorkflow,
} from '#server/content/content-workflow.ts'
import { projectChoices } from '#server/content/project-choices.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { storeUpload } from '#server/files/store-upload.ts'
import { narrowTypes } from '#server/files/upload-policy.ts'
import { readOneFile } from '#server/files/upload-reader.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

/**
 * The largest JSON body of the content routes: a revision's body may be 200,000 characters
 * (CONTENT_LIMITS.contentMax), at most 6 bytes each in JSON (\uXXXX), plus its other fields.
 * Only a signed-in content role is read this far: the guard refuses anyone else before the
 * body is read.
 */
export const CONTENT_BODY_LIMIT = 1536 * 1024

/** Editors' uploads a minute, per address: pictures are uploaded one by one as they are pasted. */
const CONTENT_UPLOADS_PER_MINUTE = 120

type ContentRoutesOptions = {
  db: Kysely<Database>
  content: ContentWorkflow
  storage: FileStorage
}

const ItemParamsSchema = z.object({
  id: z.coerce
    .number({ error: '内容编号无效' })
    .int('内容编号无效')
    .positive('内容编号无效'),
})
const RevisionParamsSchema = ItemParamsSchema.extend({
  no: z.coerce
    .number({ error: '修订号无效' })
    .int('修订号无效')
    .positive('修订号无效'),
})

const READ = { staff: { roles: CONTENT_READ_ROLES } }
const rule = (action: ContentAction) => ({
  staff: { roles: [CONTENT_ACTION_ROLE[action]], audit: `content.${action}` },
})

/**
 * The content workflow of the staff API (docs/api/staff-api.md, Content), inside the guarded
 * /staff-api scope: 内容编辑 writes, saves, submits and discards; 内容审核 approves (now or at a
 * time), returns, cancels a schedule and withdraws; both read. Every change answers the item's
 * detail as it is afterwards; refusals `{ message }` (CONTENT_REFUSALS word for word).
 */
export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (
  scope,
  { db, content, storage },
) => {
  const app = withZodSchemas(scope)
  await scope.register(multipart)

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

  // The projects an announcement or linkage record may name, with the stages already written.
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

  // An action sent without a body is read as an empty one, so its schema names what is missing.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.body === undefined)
      request.body = {}
  })

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

  // A picture for the editor (TinyMCE reads `location`) or an attachment, under the §5 rules:
  // the type from the content, never from the name alone; a refusal is a 400 with the reason.
  app.post(
    '/content/uploads',
    {
      config: {
        staff: { roles: [ROLE_EDITOR], audit: 'content.upload' },
        rateLimit: {
          max: CONTENT_UPLOADS_PER_MINUTE,
          timeWindow: 60_000,
          errorResponseBuilder: () =>
            new Refusal(429, '上传过于频繁，请稍后再试'),
        },
      },
      schema: {
        querystring: z.object({
          accept: z.string().max(200, '文件类型列表过长').optional(),
        }),
        response: answers(ContentUploadSchema),
      },
    },
    async (request, reply) => {
      const types = narrowTypes(UPLOAD_FILE_TYPES, request.query.accept)
      if (!types) throw new Refusal(400, MSG_BAD_FILE_FORMAT)
      const reading = await readOneFile(request, 'file', MAX_UPLOAD_BYTES)
      // The rest of a file past the limit is not read: the connection ends with the answer.
      if (!reading.ok && reading.isTooLarge) reply.header('connection', 'close')
      if (!reading.ok) throw new Refusal(400, reading.msg)
      const stored = await storeUpload(db, storage, reading.file, types)
      if (!stored.ok) throw new Refusal(400, stored.msg)
      const { id, name, size, mime } = stored.file
      await content.recordUpload(actorOf(request), placeOf(request), {
        id,
        name,
        size,
        mime,
      })
      return {
        id,
        name,
        size,
        mime,
        url: stored.record.url,
        location: stored.record.url,
      }
    },
  )
}
