import { UPLOAD_TIMEOUT_MS } from '#common/constants/ui.ts'
import { MSG_UPLOAD_NO_RESPONSE } from '#common/messages.ts'

import { StaffApiError } from './staff-api-error.ts'

export type StaffUploadOptions = {
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

export type SendForm = (
  url: string,
  form: FormData,
  headers: Record<string, string>,
  options: StaffUploadOptions,
) => Promise<Response>

// XMLHttpRequest, since fetch reports no upload progress.
export const sendFormWithXhr: SendForm = (url, form, headers, options) =>
  new Promise((resolve, reject) => {
    const { onProgress, signal } = options
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.timeout = UPLOAD_TIMEOUT_MS
    xhr.withCredentials = true
    for (const [name, value] of Object.entries(headers))
      xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.floor((event.loaded / event.total) * 100))
    }
    const noAnswer = () => reject(new StaffApiError(0, MSG_UPLOAD_NO_RESPONSE))
    const abort = () => xhr.abort()
    xhr.onerror = noAnswer
    xhr.ontimeout = noAnswer
    xhr.onabort = () => (signal?.aborted ? reject(signal.reason) : noAnswer())
    xhr.onloadend = () => signal?.removeEventListener('abort', abort)
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status > 599) return noAnswer()
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: {
            'content-type':
              xhr.getResponseHeader('content-type') ?? 'application/json',
          },
        }),
      )
    }
    signal?.addEventListener('abort', abort, { once: true })
    xhr.send(form)
  })
