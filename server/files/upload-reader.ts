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

/** One uploaded file as received: the name the browser gave and every byte. */
export type ReceivedFile = { name: string; bytes: Buffer }

type UploadReading =
  | { ok: true; file: ReceivedFile }
  | { ok: false; msg: string; isTooLarge?: true }

const refuse = (msg: string): UploadReading => ({ ok: false, msg })

/**
 * Reads the one file sent under `field` from a multipart request, stopping at `maxBytes`: a
 * larger file is refused as soon as its bytes pass the limit, with `isTooLarge` so that the
 * route closes the connection after its answer (the rest is never read, nor buffered). Anything
 * else than exactly one file under that field is refused with a message for the visitor; small
 * text fields are allowed and ignored. A body that is not multipart data is refused (Refusal
 * 400) whatever the route answers otherwise.
 */
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

/** A part of a multipart body, read whole: a text field, or a file with its bytes. */
type BufferedPart =
  | { type: 'field'; fieldname: string; value: string }
  | { type: 'file'; fieldname: string; filename: string; bytes: Buffer }

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>

/**
 * The parts of a multipart request, each read whole, for a route with fields of its own to read.
 * Fastify's errors (a file or part over `limits`, 413) keep their status; whatever else the
 * parser stops at is refused as readOneFile refuses it (400, 文件上传失败).
 */
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
