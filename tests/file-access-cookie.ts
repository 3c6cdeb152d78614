import { type LightMyRequestResponse } from 'fastify'

export function accessCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie']
  const cookies = Array.isArray(header) ? header : header ? [header] : []
  const cookie = cookies.find((c) => /^(__Host-)?file-access=/.test(c))
  if (!cookie) throw new Error(`no file access cookie (${response.statusCode})`)
  return cookie.split(';')[0]!
}
