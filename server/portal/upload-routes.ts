import multipart from '@fastify/multipart'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import { z } from 'zod'

import {
  MSG_BAD_FILE_FORMAT,
  MSG_UPLOAD_TOO_FREQUENT,
} from '#common/messages.ts'
import { FileRecordSchema } from '#common/schemas/file-record.ts'
import {
  UPLOAD_FILE_TYPES,
  type UploadFileType,
} from '#common/upload-file-types.ts'
import {
  IMAGE_UPLOAD_TYPES,
  MAX_EDITOR_IMAGE_BYTES,
  MAX_UPLOAD_BYTES,
} from '#common/upload-rules.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import { storeUpload, type StoredUpload } from '#server/files/store-upload.ts'
import { narrowTypes } from '#server/files/upload-policy.ts'
import { readOneFile } from '#server/files/upload-reader.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { PortalRefusalSchema, portalProtocol } from './portal-protocol.ts'
import { encryptPortalJsonNode } from './server-crypto.ts'

type UploadRoutesOptions = {
  db: Kysely<Database>
  storage: FileStorage
  access: FileAccess
  secret: string
  aesKey: string
}

export const UPLOADS_PER_MINUTE = 30

export const uploadRateLimit = {
  rateLimit: {
    max: UPLOADS_PER_MINUTE,
    timeWindow: 60_000,
    errorResponseBuilder: () => new Refusal(429, MSG_UPLOAD_TOO_FREQUENT),
  },
}

// `ts`, signed over with it, was checked by the protocol.
export const UploadQuerySchema = z.object({
  accept: z.string().max(200, '文件类型列表过长').optional(),
})

const refused = { '4xx': PortalRefusalSchema, '5xx': PortalRefusalSchema }

const uploadOptions = <T extends Record<number, z.ZodType>>(answers: T) => ({
  config: uploadRateLimit,
  schema: {
    querystring: UploadQuerySchema,
    response: { ...answers, ...refused },
  },
})

const isImageType = (type: UploadFileType) =>
  (IMAGE_UPLOAD_TYPES as readonly string[]).includes(type)

// Signed only over the query: the multipart body is not part of the signature
// (docs/api/portal-protocol.md).
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (
  app,
  { db, storage, access, secret, aesKey },
) => {
  await app.register(portalProtocol, { secret })
  await app.register(multipart)
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    })
  })
  const uploads = app.withTypeProvider<ZodTypeProvider>()

  async function receive(
    request: FastifyRequest<{
      Querystring: z.output<typeof UploadQuerySchema>
    }>,
    reply: FastifyReply,
    allowed: readonly UploadFileType[],
    { field = 'file' }: { field?: 'file' | 'upfile' } = {},
  ): Promise<StoredUpload> {
    const types = narrowTypes(allowed, request.query.accept)
    if (!types) return { ok: false, msg: MSG_BAD_FILE_FORMAT }
    // A request that accepts pictures only (the editor's) keeps the pictures' smaller limit.
    const maxBytes = types.every(isImageType)
      ? MAX_EDITOR_IMAGE_BYTES
      : MAX_UPLOAD_BYTES
    const reading = await readOneFile(request, field, maxBytes)
    // The rest of a file past the limit is not read: the connection ends with the answer.
    if (!reading.ok && reading.isTooLarge) reply.header('connection', 'close')
    if (!reading.ok) return reading
    const stored = await storeUpload(db, storage, reading.file, types)
    // A visitor's upload is personal data until proven otherwise (file-access.ts).
    if (stored.ok) await access.recordUpload(request, reply, stored.record.id)
    return stored
  }

  // spec §7: multipart field `file`; reply `{ result, data, msg }`. A refused file answers
  // HTTP 200 with result false and no data, so the upload component shows msg (spec §8).
  uploads.post(
    '/File/Upload',
    uploadOptions({
      200: z.object({
        result: z.boolean(),
        data: FileRecordSchema.nullable(),
        msg: z.string(),
      }),
    }),
    async (request, reply) => {
      const stored = await receive(request, reply, UPLOAD_FILE_TYPES)
      return stored.ok
        ? { result: true, data: stored.record, msg: '' }
        : { result: false, data: null, msg: stored.msg }
    },
  )

  // spec §7's file service: multipart field `upfile`; reply `{ result, data, msg }` with
  // `data` the file record AES-encrypted as the Portal API's `Data` is (portal-envelope.ts).
  // The same types, checks and limits as File/Upload; the editor's pictures come through it
  // with `accept` naming the picture types.
  uploads.post(
    '/File/UpFile',
    uploadOptions({
      200: z.object({
        result: z.boolean(),
        data: z.string().nullable(),
        msg: z.string(),
      }),
    }),
    async (request, reply) => {
      const stored = await receive(request, reply, UPLOAD_FILE_TYPES, {
        field: 'upfile',
      })
      if (!stored.ok) return { result: false, data: null, msg: stored.msg }
      return {
        result: true,
        data: encryptPortalJsonNode(JSON.stringify(stored.record), aesKey),
        msg: '',
      }
    },
  )
}
