import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { SEAL_REFUSED_STATE } from '#common/constants/protocol.ts'
import {
  type SealHolder,
  SignedFileItemSchema,
  SignFileQuerySchema,
  SignUrlQuerySchema,
} from '#common/schemas/signing.ts'
import type { FileAccess } from '#server/files/file-access.ts'
import { fileUrl } from '#server/files/file-record.ts'
import { findFileById } from '#server/files/file-repository.ts'
import { bufferedParts } from '#server/files/upload-reader.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { validateFields } from '#server/shared/zod-validation.ts'
import { regionalOk, regionalResponses } from './regional-protocol.ts'

import {
  describeDifferences,
  holderDifferences,
} from '#server/signing/seal-holder.ts'
import {
  findOriginalOfSealedCopy,
  findSealedCopy,
} from '#server/signing/signing-repository.ts'
import {
  completeSigningSession,
  createSigningSession,
  requirePdf,
  type SigningDeps,
} from '#server/signing/signing-service.ts'

const SIGN_UPLOAD_PATH = '/xjApi/api/xjslts/ca/sign/upload'
const MAX_SIGNED_PDF_BYTES = 20 * 1024 * 1024

const SignUploadFieldsSchema = z.object({
  token: z
    .string({ error: '签章会话无效' })
    .regex(/^[A-Za-z0-9_-]{43}$/, '签章会话无效'),
})

function pathOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://portal.invalid').pathname)
  } catch {
    return undefined
  }
}

const item = (file: { id: string; name: string }) => {
  const url = fileUrl(file.id, file.name)
  return { id: file.id, name: file.name, url, fullurl: url }
}

type SealHolderSource = (
  db: SigningDeps['db'],
  fileId: string,
) => Promise<SealHolder | undefined>

const MSG_NO_HOLDER = '只能对本平台生成的投诉书签章，请先点击“生成投诉书”'

const msgHolderClaimDiffers = (differences: string) =>
  `签章前核对未通过：${differences}。投诉书须与表单一致，请点击“重新生成投诉书”后再签章`

const msgSealedByAnother = (differences: string) =>
  `投诉书上的电子印章不是投诉人的：${differences}。请点击“重新签章”`

// Whom a file is sealed for comes from `holderOf` (what the server stored for the file), never
// from the request. To a caller who may not read the file it is unknown, as at /files.
export function signRoutes(
  deps: SigningDeps,
  access: FileAccess,
  holderOf: SealHolderSource,
): FastifyPluginAsync {
  return async (xj) => {
    const app = xj.withTypeProvider<ZodTypeProvider>()

    app.get(
      '/api/xjslts/ca/sign/url',
      {
        schema: {
          querystring: SignUrlQuerySchema,
          response: regionalResponses(z.string()),
        },
      },
      async (request) => {
        const query = request.query
        if (query.uploadUrl && pathOf(query.uploadUrl) !== SIGN_UPLOAD_PATH)
          throw new Refusal(400, '签章回传地址无效')
        const named = await findFileById(deps.db, query.fileId)
        if (!named || (await access.decide(request, named.id)) === 'none')
          throw new Refusal(404, '要签章的文件不存在')
        if (
          query.fileUrl &&
          pathOf(query.fileUrl) !== pathOf(fileUrl(named.id, named.name))
        )
          throw new Refusal(400, '文件地址与文件编号不符')
        // A sealed copy named again (重新签章) is sealed anew from its original.
        const originalId = await findOriginalOfSealedCopy(deps.db, named.id)
        const file = originalId
          ? await findFileById(deps.db, originalId)
          : named
        if (!file) throw new Refusal(404, '要签章的文件不存在')
        requirePdf(file)
        const holder = await holderOf(deps.db, file.id)
        if (!holder) throw new Refusal(400, MSG_NO_HOLDER)
        if (query.holderName !== undefined) {
          const claimed = {
            name: query.holderName,
            idNumber: query.holderIdNumber,
          }
          const parts = holderDifferences(holder, claimed)
          if (parts.length > 0)
            throw new Refusal(
              409,
              msgHolderClaimDiffers(
                describeDifferences(holder, claimed, '表单中投诉人', parts),
              ),
            )
        }
        const token = await createSigningSession(deps.db, {
          fileId: file.id,
          signType: query.type ?? '',
          holder,
          returnPath: query.returnUrl,
        })
        const page = `/ca/sign?token=${token}`
        return regionalOk(
          deps.provider.signingPageUrl?.({
            token,
            fileUrl: fileUrl(file.id, file.name),
            fileName: file.name,
            callbackPath: SIGN_UPLOAD_PATH,
            holder,
            ...(query.returnUrl ? { returnPath: query.returnUrl } : {}),
          }) ?? page,
        )
      },
    )

    app.get(
      '/api/xjslts/ca/sign/file',
      {
        schema: {
          querystring: SignFileQuerySchema,
          response: regionalResponses(z.array(SignedFileItemSchema)),
        },
      },
      async (request) => {
        const named = await findFileById(deps.db, request.query.fileId)
        if (!named || (await access.decide(request, named.id)) === 'none')
          throw new Refusal(404, '文件不存在或已被删除')
        const originalId = await findOriginalOfSealedCopy(deps.db, named.id)
        const original = originalId
          ? await findFileById(deps.db, originalId)
          : named
        if (!original) throw new Refusal(404, '文件不存在或已被删除')
        const sealed = await findSealedCopy(deps.db, original.id)
        // Not sealed yet is an answer, not an error: nothing sealed (spec §7 calls for an array),
        // and the browser logs no failed request when 确认 comes before 签章.
        if (!sealed) return regionalOk([])
        const holder = await holderOf(deps.db, original.id)
        const sealedBy = {
          name: sealed.signerName,
          idNumber: sealed.signerIdNumber,
        }
        const parts = holder ? holderDifferences(holder, sealedBy) : []
        if (holder && parts.length > 0)
          throw new Refusal(
            409,
            msgSealedByAnother(
              describeDifferences(holder, sealedBy, '电子印章', parts),
            ),
            { state: SEAL_REFUSED_STATE },
          )
        return regionalOk([
          item({ id: sealed.signedFileId, name: sealed.signedFileName }),
          item(original),
        ])
      },
    )

    app.post(
      '/api/xjslts/ca/sign/upload',
      { schema: { response: regionalResponses(SignedFileItemSchema) } },
      async (request) => {
        if (!request.isMultipart())
          throw new Refusal(400, '请以 multipart/form-data 上传签章文件')
        const fields: Record<string, string> = {}
        let bytes: Buffer | undefined
        for await (const part of bufferedParts(request, {
          fileSize: MAX_SIGNED_PDF_BYTES,
          files: 1,
          fields: 4,
        })) {
          if (part.type === 'file') bytes = part.bytes
          else fields[part.fieldname] = part.value
        }
        const { token } = validateFields(SignUploadFieldsSchema, fields)
        if (!bytes || bytes.length === 0) throw new Refusal(400, '缺少签章文件')
        const signed = bytes
        const saved = await completeSigningSession(
          deps,
          token,
          async () => signed,
        )
        return regionalOk(item(saved))
      },
    )
  }
}
