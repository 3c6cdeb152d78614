import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { ROLE_EDITOR } from '#common/constants/content.ts'
import { MSG_BAD_FILE_FORMAT } from '#common/messages.ts'
import { ContentUploadSchema } from '#common/schemas/content/workflow.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'
import { MAX_UPLOAD_BYTES } from '#common/upload-rules.ts'
import { storeUpload } from '#server/files/store-upload.ts'
import { narrowTypes } from '#server/files/upload-policy.ts'
import { readOneFile } from '#server/files/upload-reader.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import type { ContentRoutesOptions } from './content-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

/** Editors' uploads a minute, per address: pictures are uploaded one by one as they are pasted. */
const CONTENT_UPLOADS_PER_MINUTE = 120

export const contentUploadRoutes: FastifyPluginAsync<
  ContentRoutesOptions
> = async (scope, { db, content, storage }) => {
  const app = withZodSchemas(scope)

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
