import { type FastifyRequest } from 'fastify'

import {
  MSG_BAD_REQUEST_BODY,
  MSG_UPLOAD_NO_FILE,
  MSG_UPLOAD_ONE_FILE,
  msgFileTooLarge,
} from '#common/messages.ts'
import { formatMegabytes } from '#common/upload-rules.ts'

/** One uploaded file as received: the name the browser gave and every byte. */
export type ReceivedFile = { name: string; bytes: Buffer }

export type UploadReading =
  { ok: true; file: ReceivedFile } | { ok: false; msg: string }

const refuse = (msg: string): UploadReading => ({ ok: false, msg })

/**
 * Reads the one file sent under `field` from a multipart request, stopping at `maxBytes`
 * (the rest of an oversized file is never buffered). Anything else than exactly one file under
 * that field is refused with a message for the visitor; small text fields are allowed and ignored.
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
        fileSize: maxBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
      },
    })
    for await (const part of parts) {
      if (part.type !== 'file') continue
      const chunks: Buffer[] = []
      for await (const chunk of part.file) chunks.push(chunk as Buffer)
      if (part.file.truncated)
        return refuse(msgFileTooLarge(formatMegabytes(maxBytes)))
      if (part.fieldname !== field) continue
      file = { name: part.filename, bytes: Buffer.concat(chunks) }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      return refuse(msgFileTooLarge(formatMegabytes(maxBytes)))
    if (code === 'FST_FILES_LIMIT') return refuse(MSG_UPLOAD_ONE_FILE)
    if (code?.startsWith('FST_')) return refuse(MSG_BAD_REQUEST_BODY)
    throw error
  }
  return file ? { ok: true, file } : refuse(MSG_UPLOAD_NO_FILE)
}
