import type { z } from 'zod'

import type { SendForm, StaffUploadOptions } from './send-form-with-xhr.ts'
import {
  MSG_NETWORK_FAILED,
  msgUnexpectedAnswer,
  StaffApiError,
} from './staff-api-error.ts'

export type StaffQuery = Record<string, string | number | undefined | null>

export type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  query?: StaffQuery
  body?: unknown
  file?: { file: File } & StaffUploadOptions
  // needs no session (signing in, the setup link)
  isOpen?: boolean
}

export function createStaffApiTransport({
  fetchImpl,
  sendForm,
  base,
}: {
  fetchImpl: typeof fetch
  sendForm: SendForm
  base: string
}) {
  function urlOf(path: string, query: StaffQuery = {}) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query))
      if (value !== undefined && value !== null && value !== '')
        params.set(key, String(value))
    const search = params.toString()
    return `${base}${path}${search ? `?${search}` : ''}`
  }

  async function send(call: Call, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (token) headers['x-csrf-token'] = token
    if (call.file) {
      const { file, ...options } = call.file
      options.signal?.throwIfAborted()
      const form = new FormData()
      form.append('file', file, file.name)
      return sendForm(urlOf(call.path, call.query), form, headers, options)
    }
    if (call.body !== undefined) headers['content-type'] = 'application/json'
    try {
      return await fetchImpl(urlOf(call.path, call.query), {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        credentials: 'same-origin',
        cache: 'no-store',
      })
    } catch {
      throw new StaffApiError(0, MSG_NETWORK_FAILED)
    }
  }

  async function refusalOf(
    response: Response,
    session?: { isSessionEnded: boolean; hasEndedInUse: boolean },
  ): Promise<StaffApiError> {
    const body = (await response.json().catch(() => null)) as {
      message?: unknown
    } | null
    const message =
      typeof body?.message === 'string' && body.message
        ? body.message
        : msgUnexpectedAnswer(response.status)
    return new StaffApiError(response.status, message, session)
  }

  async function parsed<T extends z.ZodType>(
    response: Response,
    schema: T,
  ): Promise<z.infer<T>> {
    if (!response.ok) throw await refusalOf(response)
    const body: unknown = await response.json().catch(() => undefined)
    const result = schema.safeParse(body)
    if (!result.success)
      throw new StaffApiError(
        response.status,
        msgUnexpectedAnswer(response.status),
      )
    return result.data
  }

  return { send, refusalOf, parsed }
}

export type StaffApiTransport = ReturnType<typeof createStaffApiTransport>
