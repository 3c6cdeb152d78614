import type { FastifyRequest } from 'fastify'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_NO_FILE,
  MSG_UPLOAD_ONE_FILE,
  msgFileTooLarge,
} from '#common/messages.ts'
import { formatMegabytes } from '#common/upload-rules.ts'
import { Refusal } from '#server/shared/refusal.ts'

export type ReceivedFile = { name: string; bytes: Buffer }

type UploadReading =
  | { ok: true; file: ReceivedFile }
  | { ok: false; msg: string; isTooLarge?: true }

const refuse = (msg: string): UploadReading => ({ ok: false, msg })

// A larger file is refused as soon as its bytes pass the limit, with `isTooLarge` so that the
// route closes the connection after its answer: the rest is never read.
export async function readOneFile(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<UploadReading> {
  if (!request.isMultipart()) return refuse(MSG_UPLOAD_NO_FILE)
  let file: ReceivedFile | undefined
  try {
    const parts = request.parts({
      limits: {
        // One byte over: the reader, not the parser, sees the file pass the limit.
        fileSize: maxBytes + 1,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
      },
    })
    for await (const part of parts) {
      if (part.type !== 'file') continue
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > maxBytes)
          return {
            ok: false,
            msg: msgFileTooLarge(formatMegabytes(maxBytes)),
            isTooLarge: true,
          }
        chunks.push(chunk)
      }
      if (part.fieldname !== field) continue
      file = { name: part.filename, bytes: Buffer.concat(chunks) }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      return refuse(msgFileTooLarge(formatMegabytes(maxBytes)))
    if (code === 'FST_FILES_LIMIT') return refuse(MSG_UPLOAD_ONE_FILE)
    if (code?.startsWith('FST_')) return refuse(MSG_BAD_REQUEST_BODY)
    // Whatever else the multipart parser stops at (no boundary, a body cut off, bytes that are
    // not multipart data) is the uploader's error: 400 with spec §8's 文件上传失败.
    throw new Refusal(400, MSG_UPLOAD_FAILED)
  }
  return file ? { ok: true, file } : refuse(MSG_UPLOAD_NO_FILE)
}

type BufferedPart =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; bytes: Buffer }

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>

export async function* bufferedParts(
  request: FastifyRequest,
  limits: PartsOptions['limits'],
): AsyncGenerator<BufferedPart> {
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'file')
        yield {
          type: 'file',
          fieldname: part.fieldname,
          filename: part.filename,
          bytes: await part.toBuffer(),
        }
      else
        yield {
          type: 'field',
          fieldname: part.fieldname,
          value: String(part.value),
        }
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('FST_')) throw error
    throw new Refusal(400, MSG_UPLOAD_FAILED)
  }
}
