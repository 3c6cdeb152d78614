import type { z } from 'zod'

import { UPLOAD_TIMEOUT_MS } from '#common/constants/ui.ts'
import { MSG_UPLOAD_NO_RESPONSE } from '#common/messages.ts'
import { SessionAnswerSchema } from '#common/schemas/staff.ts'

/** Where the staff API answers (docs/api/staff-api.md), on the console's own origin. */
const STAFF_API_BASE = '/staff-api'

export const MSG_NETWORK_FAILED = '网络连接失败，请检查网络后重试'
const msgUnexpectedAnswer = (status: number) =>
  `服务器暂时无法处理（${status}），请稍后重试`

/** A call the staff API refused or could not answer; `message` is Chinese, for the person. */
export class StaffApiError extends Error {
  /** The HTTP status; 0 when no answer came. */
  readonly status: number
  /** There is no session (any more): the person must sign in (again). */
  readonly isSessionEnded: boolean
  /** The session ended while this page was using it (not: the page was opened signed out). */
  readonly hasEndedInUse: boolean
  constructor(
    status: number,
    message: string,
    { isSessionEnded = false, hasEndedInUse = false } = {},
  ) {
    super(message)
    this.name = 'StaffApiError'
    this.status = status
    this.isSessionEnded = isSessionEnded
    this.hasEndedInUse = hasEndedInUse
  }
}

type StaffQuery = Record<string, string | number | undefined | null>
type SessionAnswer = z.infer<typeof SessionAnswerSchema>

/** A file sent to the API: its percent sent so far (0-100), and a way to stop it. */
export type StaffUploadOptions = {
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  query?: StaffQuery
  body?: unknown
  /** A file sent as multipart form data (field `file`) instead of a JSON body. */
  file?: { file: File } & StaffUploadOptions
  /** A route that needs no session (signing in, the setup link): no CSRF token, no session check. */
  isOpen?: boolean
}

/**
 * Sends a multipart form and resolves to the answer, reporting the percent of the body sent;
 * rejects with a StaffApiError when no answer came, with the signal's reason when aborted.
 */
export type SendForm = (
  url: string,
  form: FormData,
  headers: Record<string, string>,
  options: StaffUploadOptions,
) => Promise<Response>

type StaffApiClientOptions = {
  fetch?: typeof fetch
  /** How a file is sent: XMLHttpRequest in the browser (fetch reports no upload progress). */
  sendForm?: SendForm
  /** The API's base URL: `/staff-api` in the browser, an absolute one elsewhere. */
  base?: string
}

/**
 * XMLHttpRequest, the browser API that reports how much of a body has been sent; its answer as
 * a Response, so that a file's refusals are read like any other call's.
 */
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

/**
 * The console's one way to the staff API: the session cookie travels by itself (HttpOnly,
 * same origin); the CSRF token, which the server hands out with the session, is kept here and
 * sent as `X-CSRF-Token` with every POST, PUT and DELETE. Answers are checked with the schemas of
 * common/. Refusals reject with a StaffApiError carrying the server's Chinese message:
 * - 401 means there is no session (`isSessionEnded`: the page sends the person to sign in),
 *   except that a change's 401 is checked with GET /session first: a session that still
 *   holds means the refusal was about what was typed (the current password, a code), shown
 *   like any other;
 * - 403 on a state change, when the session's token has changed since it was read (signed in
 *   again in another tab), is sent once more with the new token; any other 403 (a role the
 *   person lacks) is the server's message for the page to show.
 */
export function createStaffApiClient({
  fetch: fetchImpl = (...args) => fetch(...args),
  sendForm = sendFormWithXhr,
  base = STAFF_API_BASE,
}: StaffApiClientOptions = {}) {
  let csrfToken: string | null = null

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

  /** A 401 that means there is no session (any more); the token it had is forgotten. */
  async function sessionEnded(response: Response): Promise<StaffApiError> {
    const hasEndedInUse = csrfToken !== null
    csrfToken = null
    return refusalOf(response, { isSessionEnded: true, hasEndedInUse })
  }

  /** GET /session: who is signed in, and the session's CSRF token (kept for what follows). */
  async function session(): Promise<SessionAnswer> {
    const response = await send({ method: 'GET', path: '/session' }, null)
    if (response.status === 401) throw await sessionEnded(response)
    const answer = await parsed(response, SessionAnswerSchema)
    csrfToken = answer.csrfToken
    return answer
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

  /** Sends a call as the rules above say; the answer, successful or not. */
  async function exchange(call: Call): Promise<Response> {
    const isSessionChange = call.method !== 'GET' && !call.isOpen
    // A page opened afresh knows no token yet: the session gives it before the first change.
    if (isSessionChange && csrfToken === null) await session()
    const used = isSessionChange ? csrfToken : null
    let response = await send(call, used)
    if (response.status === 403 && isSessionChange) {
      const fresh = (await session()).csrfToken
      if (fresh !== used) response = await send(call, fresh)
    }
    if (response.status === 401 && !call.isOpen) {
      // A read sends nothing typed: its 401 can only be the session's.
      if (call.method === 'GET') throw await sessionEnded(response)
      const refusal = await refusalOf(response)
      await session() // throws, marked as ended, when the session is gone
      throw refusal
    }
    return response
  }

  return {
    session,

    /** Signs in (POST /session); a refusal (wrong password or code, 423, 429) is for the form. */
    async signIn(body: {
      accountName: string
      password: string
      code: string
    }) {
      const response = await send(
        { method: 'POST', path: '/session', body, isOpen: true },
        null,
      )
      const answer = await parsed(response, SessionAnswerSchema)
      csrfToken = answer.csrfToken
      return answer
    },

    /** Signs out (DELETE /session); the token is forgotten whatever the answer. */
    async signOut(): Promise<void> {
      try {
        await exchange({ method: 'DELETE', path: '/session' })
      } finally {
        csrfToken = null
      }
    },

    async get<T extends z.ZodType>(
      path: string,
      schema: T,
      query?: StaffQuery,
      options: { isOpen?: boolean } = {},
    ): Promise<z.infer<T>> {
      return parsed(
        await exchange({ method: 'GET', path, query, ...options }),
        schema,
      )
    },

    async post<T extends z.ZodType>(
      path: string,
      schema: T,
      body: unknown = {},
      options: { isOpen?: boolean } = {},
    ): Promise<z.infer<T>> {
      return parsed(
        await exchange({ method: 'POST', path, body, ...options }),
        schema,
      )
    },

    async put<T extends z.ZodType>(
      path: string,
      schema: T,
      body: unknown = {},
    ): Promise<z.infer<T>> {
      return parsed(await exchange({ method: 'PUT', path, body }), schema)
    },

    /**
     * Sends one file (multipart, field `file`), reporting the percent sent; 100 once the
     * answer has come. Refusals as for any change (the server's Chinese message).
     */
    async upload<T extends z.ZodType>(
      path: string,
      schema: T,
      file: File,
      { query, ...options }: StaffUploadOptions & { query?: StaffQuery } = {},
    ): Promise<z.infer<T>> {
      const answer = await parsed(
        await exchange({
          method: 'POST',
          path,
          query,
          file: { file, ...options },
        }),
        schema,
      )
      options.onProgress?.(100)
      return answer
    },

    /** A file the API sends (the audit log's CSV), with the name its answer gives it. */
    download(path: string, query?: StaffQuery) {
      return fileOf({ method: 'GET', path, query })
    },

    /** A file the API makes from what is sent (a decision previewed as a draft PDF). */
    postForFile(path: string, body: unknown) {
      return fileOf({ method: 'POST', path, body })
    },
  }

  async function fileOf(call: Call): Promise<{ blob: Blob; fileName: string }> {
    const response = await exchange(call)
    if (!response.ok) throw await refusalOf(response)
    return {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('content-disposition')),
    }
  }
}

export type StaffApiClient = ReturnType<typeof createStaffApiClient>

/** The file name of a Content-Disposition header, its UTF-8 form (RFC 6266) first. */
function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1]
  if (encoded) {
    try {
      return decodeURIComponent(encoded)
    } catch {
      // a malformed name: the plain one below
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'download'
}

/** The browser's client: one per page, so the CSRF token read once serves every later call. */
export const staffApi = createStaffApiClient()
