import { UPLOAD_TIMEOUT_MS } from '#common/constants/ui.ts'
import {
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_NO_RESPONSE,
  msgUploadFailedWithStatus,
} from '#common/messages.ts'
import { normalizeFileRecord } from '#common/normalize.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import type { UploadOptions } from '#common/regional-api.ts'
import {
  type FileRecord,
  FileRecordSchema,
} from '#common/schemas/file-record.ts'
import { ellipsis } from '#common/text.ts'

/** Uploads one file; resolves to its record, rejects with the message to show (spec §8). */
export type UploadRequest = (
  file: File,
  options?: UploadOptions,
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

type SendOptions = UploadOptions & {
  url: string
  file: File
  headers?: Record<string, string>
}

/** The answer to a sent file: its parsed JSON for a 2xx status, the spec §8 refusal otherwise. */
function answerOf(status: number, statusText: string, text: string): unknown {
  if (status === 0) throw new UploadError(MSG_UPLOAD_NO_RESPONSE)
  const body = parseJson(text)
  if (status >= 200 && status < 300) return body
  const detail = serverMessage(body) || ellipsis(text.trim(), 200) || statusText
  throw new UploadError(msgUploadFailedWithStatus(status, detail))
}

/** XMLHttpRequest: the browser API that reports how much of the body has been sent. */
function sendWithXhr(options: SendOptions, form: FormData) {
  const { url, headers = {}, onProgress, signal } = options
  return new Promise<unknown>((resolve, reject) => {
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
    const abort = () => xhr.abort()
    xhr.onerror = noResponse
    xhr.ontimeout = noResponse
    xhr.onabort = () =>
      reject(signal?.reason ?? new UploadError(MSG_UPLOAD_NO_RESPONSE))
    xhr.onloadend = () => signal?.removeEventListener('abort', abort)
    xhr.onload = () => {
      try {
        resolve(answerOf(xhr.status, xhr.statusText, xhr.responseText))
      } catch (error) {
        reject(error)
      }
    }
    signal?.addEventListener('abort', abort, { once: true })
    xhr.send(form)
  })
}

/** fetch, where XMLHttpRequest is missing (Node): the progress is told once, at the end. */
async function sendWithFetch(options: SendOptions, form: FormData) {
  const timeout = AbortSignal.timeout(UPLOAD_TIMEOUT_MS)
  const { signal } = options
  let response: Response
  let text: string
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: options.headers,
      body: form,
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    })
    text = await response.text()
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error
    throw new UploadError(MSG_UPLOAD_NO_RESPONSE)
  }
  return answerOf(response.status, response.statusText, text)
}

/**
 * The one way a file is sent (spec §7, §8): POSTs it as multipart form data, reporting the
 * percent sent, and gives up after 300,000 ms (spec §9) or when `signal` aborts. Resolves to the
 * parsed JSON of a 2xx reply, after reporting 100. Rejects with the messages of spec §8: no
 * answer or a timeout gives 文件上传失败，服务器未响应; an HTTP error gives
 * 文件上传失败（status），body. An abort rejects with the signal's reason.
 */
export async function sendFileUpload(options: SendOptions): Promise<unknown> {
  const { file, signal, onProgress } = options
  signal?.throwIfAborted()
  const form = new FormData()
  // spec §7: every upload the pages make carries the file in the multipart field `file`.
  form.append('file', file, file.name)
  const body =
    typeof XMLHttpRequest === 'undefined'
      ? await sendWithFetch(options, form)
      : await sendWithXhr(options, form)
  onProgress?.(100)
  return body
}

/**
 * The data of an upload reply: `{ Success, Data }`, `{ success, data }`, `{ result, data, msg }`
 * or `{ data, msg }` (spec §7). A reply without data is a failure that shows the server's msg
 * (spec §8).
 */
export function readUploadedData(body: unknown): unknown {
  const data = isObject(body) ? (body.Data ?? body.data) : undefined
  const failed =
    isObject(body) &&
    (body.Success === false || body.success === false || body.result === false)
  if (failed || data === undefined || data === null)
    throw new UploadError(serverMessage(body) || MSG_UPLOAD_FAILED)
  return data
}

/** The file record in an upload reply's data (spec §3), its full url set. */
export function fileRecordOf(data: unknown): FileRecord {
  const parsed = FileRecordSchema.safeParse(data)
  if (!parsed.success) throw new UploadError(MSG_UPLOAD_FAILED)
  return normalizeFileRecord(parsed.data)
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
