import {
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { z } from 'zod'

import { MSG_BAD_REQUEST_BODY } from '#common/messages.ts'
import {
  SignedFileItemSchema,
  SignFileQuerySchema,
  SignUrlQuerySchema,
} from '#common/schemas/signing.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { findFileById } from '#server/files/file-repository.ts'
import { regionalError, regionalOk } from './regional-protocol.ts'

import { findSealedCopy } from '#server/signing/signing-repository.ts'
import {
  completeSigningSession,
  createSigningSession,
  type SigningDeps,
  SigningError,
} from '#server/signing/signing-service.ts'

export const SIGN_UPLOAD_PATH = '/xjApi/api/xjslts/ca/sign/upload'
const MAX_SIGNED_PDF_BYTES = 20 * 1024 * 1024

// State is absent on the signature layer's 401 refusals.
const ErrorSchema = z.object({
  Success: z.literal(false),
  State: z.number().optional(),
  Msg: z.string(),
})
const ok = <T extends z.ZodType>(data: T) =>
  z.object({ Success: z.literal(true), Data: data })

/** The path of a URL given as a path or as an absolute URL; undefined when it cannot be read. */
function pathOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://portal.invalid').pathname)
  } catch {
    return undefined
  }
}

/** Validates with a schema of common/, refusing with the schema's own Chinese message. */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value)
  if (!result.success)
    throw new SigningError(
      400,
      result.error.issues[0]?.message ?? MSG_BAD_REQUEST_BODY,
    )
  return result.data
}

/** A SigningError becomes `{ Success: false, State, Msg }`; other errors go on as they are. */
function answering<R>(handler: (request: FastifyRequest) => Promise<R>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await handler(request)
    } catch (error) {
      if (!(error instanceof SigningError)) throw error
      return reply
        .code(error.state)
        .send(regionalError(error.state, error.message))
    }
  }
}

const item = (file: { id: string; name: string }) => {
  const url = fileUrl(file.id, file.name)
  return { id: file.id, name: file.name, url, fullurl: url }
}

/**
 * The signing paths of the regional API (architecture.md, Other fixed paths), mounted under
 * /xjApi behind the HMAC check: /ca/sign/url opens a signing session, /ca/sign/file gives the
 * sealed copy, /ca/sign/upload takes a signed file back from the signing page or a CA.
 */
export function signRoutes(deps: SigningDeps): FastifyPluginAsync {
  return async (xj) => {
    xj.setValidatorCompiler(validatorCompiler)
    xj.setSerializerCompiler(serializerCompiler)
    const app = xj.withTypeProvider<ZodTypeProvider>()

    app.get(
      '/api/xjslts/ca/sign/url',
      {
        schema: {
          response: { 200: ok(z.string()), '4xx': ErrorSchema },
        },
      },
      answering(async (request) => {
        const query = parse(SignUrlQuerySchema, request.query)
        if (query.uploadUrl && pathOf(query.uploadUrl) !== SIGN_UPLOAD_PATH)
          throw new SigningError(400, '签章回传地址无效')
        const file = await findFileById(deps.db, query.fileId)
        if (!file) throw new SigningError(404, '要签章的文件不存在')
        if (
          query.fileUrl &&
          pathOf(query.fileUrl) !== pathOf(fileUrl(file.id, file.name))
        )
          throw new SigningError(400, '文件地址与文件编号不符')
        const token = await createSigningSession(deps.db, {
          fileId: file.id,
          signType: query.type ?? '',
        })
        const page = `/ca/sign?token=${token}`
        return regionalOk(
          deps.provider.signingPageUrl?.({
            token,
            fileUrl: fileUrl(file.id, file.name),
            fileName: file.name,
            callbackPath: SIGN_UPLOAD_PATH,
          }) ?? page,
        )
      }),
    )

    app.get(
      '/api/xjslts/ca/sign/file',
      {
        schema: {
          response: {
            200: ok(z.array(SignedFileItemSchema)),
            '4xx': ErrorSchema,
          },
        },
      },
      answering(async (request) => {
        const { fileId } = parse(SignFileQuerySchema, request.query)
        const original = await findFileById(deps.db, fileId)
        if (!original) throw new SigningError(404, '文件不存在或已被删除')
        const sealed = await findSealedCopy(deps.db, original.id)
        if (!sealed)
          throw new SigningError(
            404,
            '文件尚未签章，请在签章页面完成签章后再点击确认',
          )
        return regionalOk([
          item({ id: sealed.signedFileId, name: sealed.signedFileName }),
          item(original),
        ])
      }),
    )

    app.post(
      '/api/xjslts/ca/sign/upload',
      {
        schema: {
          response: { 200: ok(SignedFileItemSchema), '4xx': ErrorSchema },
        },
      },
      answering(async (request) => {
        if (!request.isMultipart())
          throw new SigningError(400, '请以 multipart/form-data 上传签章文件')
        let token = ''
        let bytes: Buffer | undefined
        for await (const part of request.parts({
          limits: { fileSize: MAX_SIGNED_PDF_BYTES, files: 1, fields: 4 },
        })) {
          if (part.type === 'file') {
            bytes = await part.toBuffer()
            if (part.file.truncated) throw new SigningError(400, '签章文件过大')
          } else if (part.fieldname === 'token') token = String(part.value)
        }
        if (!/^[A-Za-z0-9_-]{43}$/.test(token))
          throw new SigningError(400, '签章会话无效')
        if (!bytes || bytes.length === 0)
          throw new SigningError(400, '缺少签章文件')
        const signed = bytes
        const saved = await completeSigningSession(
          deps,
          token,
          async () => signed,
        )
        return regionalOk(item(saved))
      }),
    )
  }
}
