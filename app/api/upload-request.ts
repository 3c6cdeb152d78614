import { UPLOAD_TIMEOUT_MS } from '#common/constants/ui.ts'
import {
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_NO_RESPONSE,
  msgUploadFailedWithStatus,
} from '#common/messages.ts'
import { normalizeFileRecord } from '#common/normalize.ts'
import {
  createNonce,
  regionalSignature,
  UNSIGNED_PAYLOAD,
} from '#common/protocol/regional-sign.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import { ellipsis } from '#common/text.ts'
import {
  type FileRecord,
  FileRecordSchema,
} from '#common/schemas/file-record.ts'

/** Uploads one file; resolves to its record, rejects with the message to show (spec §8). */
export type UploadRequest = (
  file: File,
  onProgress: (percent: number) => void,
) => Promise<FileRecord>

/** A failed upload; `message` is what the visitor reads. */
export class UploadError extends Error {
  override name = 'UploadError'
}

type Loose = Record<string, unknown>
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function serverMessage(body: unknown): string {
  if (!isObject(body)) return ''
  const msg = body.Msg ?? body.msg ?? body.message
  return typeof msg === 'string' ? msg : ''
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

type SendOptions = {
  url: string
  file: File
  /** The multipart field that carries the file: `file` (spec §7), or `upfile` for the file service. */
  field?: string
  headers?: Record<string, string>
  onProgress?: (percent: number) => void
}

/**
 * POSTs one file as multipart form data with XMLHttpRequest (the browser API that reports
 * progress), timing out after 300,000 ms (spec §9). Resolves to the parsed JSON of a 2xx reply.
 * Rejects with the messages of spec §8: no answer or a timeout gives 文件上传失败，服务器未响应;
 * an HTTP error gives 文件上传失败（status），body.
 */
export function sendFileUpload(options: SendOptions): Promise<unknown> {
  const { url, file, field = 'file', headers = {}, onProgress } = options
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.timeout = UPLOAD_TIMEOUT_MS
    for (const [name, value] of Object.entries(headers))
      xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.floor((event.loaded / event.total) * 100))
    }
    const noResponse = () => reject(new UploadError(MSG_UPLOAD_NO_RESPONSE))
    xhr.onerror = noResponse
    xhr.ontimeout = noResponse
    xhr.onload = () => {
      if (xhr.status === 0) return noResponse()
      const body = parseJson(xhr.responseText)
      if (xhr.status < 200 || xhr.status >= 300) {
        const detail =
          serverMessage(body) ||
          ellipsis(xhr.responseText.trim(), 200) ||
          xhr.statusText
        return reject(
          new UploadError(msgUploadFailedWithStatus(xhr.status, detail)),
        )
      }
      onProgress?.(100)
      resolve(body)
    }
    const form = new FormData()
    form.append(field, file, file.name)
    xhr.send(form)
  })
}

/**
 * The file record of an upload reply: `{ Success, Data }`, `{ success, data }`,
 * `{ result, data, msg }` or `{ data, msg }` (spec §7). A reply without data is a failure that
 * shows the server's msg (spec §8).
 */
export function readUploadedFile(body: unknown): FileRecord {
  const data = isObject(body) ? (body.Data ?? body.data) : undefined
  const failed =
    isObject(body) &&
    (body.Success === false || body.success === false || body.result === false)
  const parsed = FileRecordSchema.safeParse(data)
  if (failed || !parsed.success)
    throw new UploadError(serverMessage(body) || MSG_UPLOAD_FAILED)
  return normalizeFileRecord(parsed.data)
}

/** X-* headers of a multipart call to the regional API (architecture.md, Protocols). */
async function regionalUploadHeaders(url: URL, secret: string) {
  const timestamp = String(Date.now())
  const nonce = createNonce()
  const path = url.pathname.slice(Math.max(0, url.pathname.indexOf('/xjApi')))
  const signature = await regionalSignature(
    {
      method: 'POST',
      pathAndQuery: path + url.search,
      timestamp,
      nonce,
      contentSha256: UNSIGNED_PAYLOAD,
    },
    secret,
  )
  return {
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Content-SHA256': UNSIGNED_PAYLOAD,
    'X-Signature': signature,
  }
}

/** An UploadRequest to a regional API path, signed as every /xjApi call is. */
export function regionalUploadRequest(
  config: { base: string; secret: string },
  path: string,
): UploadRequest {
  return async (file, onProgress) => {
    const url = new URL(
      config.base.replace(/\/$/, '') + path,
      globalThis.location.href,
    )
    const headers = await regionalUploadHeaders(url, config.secret)
    const body = await sendFileUpload({
      url: url.href,
      file,
      headers,
      onProgress,
    })
    return readUploadedFile(body)
  }
}

/**
 * The editor's image upload (TinyMCE-compatible): field `file` to a Portal API upload path,
 * signed over its query (`ts`) as docs/api/portal-protocol.md says; resolves to the reply's
 * `location`. A reply without one fails with the server's msg.
 */
export function portalImageUpload(
  config: { base: string; secret: string },
  path: string,
) {
  return async (file: File, onProgress: (percent: number) => void) => {
    const ts = Date.now()
    const url = new URL(
      `${config.base.replace(/\/$/, '')}${path}?ts=${ts}`,
      globalThis.location.href,
    )
    const sign = await portalSign({ ts }, config.secret)
    const body = await sendFileUpload({
      url: url.href,
      file,
      headers: { 'X-Sign': sign },
      onProgress,
    })
    const location = isObject(body) ? body.location : undefined
    if (typeof location !== 'string' || location === '')
      throw new UploadError(serverMessage(body) || MSG_UPLOAD_FAILED)
    return location
  }
}
