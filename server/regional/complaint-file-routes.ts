import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'

import { MSG_BAD_FILE_FORMAT } from '#common/messages.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import { UPLOAD_FILE_TYPES } from '#common/upload-file-types.ts'
import { MAX_UPLOAD_BYTES } from '#common/upload-rules.ts'
import type { Database } from '#server/db/schema.ts'
import { regionalOk, regionalResponses } from './regional-protocol.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { storeUpload } from '#server/files/store-upload.ts'
import { narrowTypes } from '#server/files/upload-policy.ts'
import { readOneFile } from '#server/files/upload-reader.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  UploadQuerySchema,
  uploadRateLimit,
} from '#server/portal/upload-routes.ts'

// spec §7. A refused file is HTTP 400 `{ Success: false, State: 400, Msg }`, which the regional
// client shows as it is.
export function complaintFileRoutes(deps: {
  db: Kysely<Database>
  storage: FileStorage
  access: FileAccess
}) {
  return async function routes(xj: FastifyInstance) {
    xj.withTypeProvider<ZodTypeProvider>().post(
      '/api/xjslts/complaint/file/cfs',
      {
        config: uploadRateLimit,
        schema: {
          querystring: UploadQuerySchema,
          response: regionalResponses(FileRecordSchema),
        },
      },
      async (request, reply) => {
        const types = narrowTypes(UPLOAD_FILE_TYPES, request.query.accept)
        if (!types) throw new Refusal(400, MSG_BAD_FILE_FORMAT)
        const reading = await readOneFile(request, 'file', MAX_UPLOAD_BYTES)
        // The rest of a file past the limit is not read: the connection ends with the answer.
        if (!reading.ok && reading.isTooLarge)
          reply.header('connection', 'close')
        const stored = reading.ok
          ? await storeUpload(deps.db, deps.storage, reading.file, types)
          : reading
        if (!stored.ok) throw new Refusal(400, stored.msg)
        // Evidence is personal data: only this browser reads it until the complaint is filed.
        await deps.access.recordUpload(request, reply, stored.record.id)
        return regionalOk(stored.record)
      },
    )
  }
}
