import { UPLOAD_TIMEOUT_MS } from '#common/constants/ui.ts'
import {
  MSG_UPLOAD_FAILED,
  MSG_UPLOAD_NO_RESPONSE,
  msgUploadFailedWithStatus,
} from '#common/messages.ts'
import { normalizeFileRecord } from '#common/normalize.ts'
import { decryptPortalData } from '#common/protocol/portal-envelope.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import type { UploadOptions } from '#common/regional-api.ts'
import {
  type FileRecord,
  FileRecordSchema,
} from '#common/schemas/file-record.ts'
import { ellipsis } from '#common/text.ts'

export type UploadRequest = (
  file: File,
  options?: UploadOptions,
) => Promise<FileRecord>

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
  /** spec §7: `file` on every upload but the file service's, which takes `upfile`. */
  field?: 'file' | 'upfile'
  headers?: Record<string, string>
}

function answerOf(status: number, statusText: string, text: string): unknown {
  if (status === 0) throw new UploadError(MSG_UPLOAD_NO_RESPONSE)
  const body = parseJson(text)
  if (status >= 200 && status < 300) return body
  const detail = serverMessage(body) || ellipsis(text.trim(), 200) || statusText
  throw new UploadError(msgUploadFailedWithStatus(status, detail))
}

// XMLHttpRequest reports how much of the body has been sent; fetch does not.
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

// Where XMLHttpRequest is missing (Node), the progress is told once, at the end.
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

// Gives up after 300,000 ms (spec §9); rejects with the messages of spec §8.
export async function sendFileUpload(options: SendOptions): Promise<unknown> {
  const { file, field = 'file', signal, onProgress } = options
  signal?.throwIfAborted()
  const form = new FormData()
  form.append(field, file, file.name)
  const body =
    typeof XMLHttpRequest === 'undefined'
      ? await sendWithFetch(options, form)
      : await sendWithXhr(options, form)
  onProgress?.(100)
  return body
}

// spec §7: `{ Success, Data }`, `{ success, data }`, `{ result, data, msg }` or `{ data, msg }`.
export function readUploadedData(body: unknown): unknown {
  const data = isObject(body) ? (body.Data ?? body.data) : undefined
  const failed =
    isObject(body) &&
    (body.Success === false || body.success === false || body.result === false)
  if (failed || data === undefined || data === null)
    throw new UploadError(serverMessage(body) || MSG_UPLOAD_FAILED)
  return data
}

export function fileRecordOf(data: unknown): FileRecord {
  const parsed = FileRecordSchema.safeParse(data)
  if (!parsed.success) throw new UploadError(MSG_UPLOAD_FAILED)
  return normalizeFileRecord(parsed.data)
}

// spec §7's file service: signed over its query (`ts`, `accept`) as
// docs/api/portal-protocol.md says; its `data` may come AES-encrypted like the Portal API's.
export function portalFileServiceUpload(
  config: { base: string; secret: string; aesKey: string },
  { accept }: { accept?: readonly string[] } = {},
) {
  return async (
    file: File,
    onProgress?: (percent: number) => void,
  ): Promise<FileRecord> => {
    const params = {
      ts: Date.now(),
      ...(accept ? { accept: accept.join(',') } : {}),
    }
    const url = new URL(
      `${config.base.replace(/\/$/, '')}/File/UpFile`,
      globalThis.location?.href ?? config.base,
    )
    for (const [name, value] of Object.entries(params))
      url.searchParams.set(name, String(value))
    const sign = await portalSign(params, config.secret)
    const body = await sendFileUpload({
      url: url.href,
      file,
      field: 'upfile',
      headers: { 'X-Sign': sign },
      onProgress,
    })
    const data = readUploadedData(body)
    if (typeof data !== 'string') return fileRecordOf(data)
    const decrypted = await decryptPortalData(data, config.aesKey).catch(() => {
      throw new UploadError(MSG_UPLOAD_FAILED)
    })
    return fileRecordOf(decrypted)
  }
}
