import type { z } from 'zod'

import {
  type SendForm,
  sendFormWithXhr,
  type StaffUploadOptions,
} from './send-form-with-xhr.ts'
import { createStaffApiSession } from './staff-api-session.ts'
import {
  type Call,
  createStaffApiTransport,
  type StaffQuery,
} from './staff-api-transport.ts'

/** Where the staff API answers (docs/api/staff-api.md), on the console's own origin. */
const STAFF_API_BASE = '/staff-api'

type StaffApiClientOptions = {
  fetch?: typeof fetch
  /** How a file is sent: XMLHttpRequest in the browser (fetch reports no upload progress). */
  sendForm?: SendForm
  /** The API's base URL: `/staff-api` in the browser, an absolute one elsewhere. */
  base?: string
}

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
  const transport = createStaffApiTransport({ fetchImpl, sendForm, base })
  const { parsed, refusalOf } = transport
  const { session, exchange, signIn, signOut } =
    createStaffApiSession(transport)

  return {
    session,
    signIn,
    signOut,

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
