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

const STAFF_API_BASE = '/staff-api'

type StaffApiClientOptions = {
  fetch?: typeof fetch
  sendForm?: SendForm
  base?: string
}

export function createStaffApiClient({
  fetch: fetchImpl = (...args) => fetch(...args),
  sendForm = sendFormWithXhr,
  base = STAFF_API_BASE,
}: StaffApiClientOptions = {}) {
  const transport = createStaffApiTransport({ fetchImpl, sendForm, base })
  const { parsed, refusalOf } = transport
  const { session, exchange, signIn, signOut, times } =
    createStaffApiSession(transport)

  return {
    session,
    signIn,
    signOut,
    sessionTimes: times,

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

    download(path: string, query?: StaffQuery) {
      return fileOf({ method: 'GET', path, query })
    },

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

// RFC 6266: the UTF-8 filename* before the plain one.
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

// One per page, so that the CSRF token read once serves every later call.
export const staffApi = createStaffApiClient()
