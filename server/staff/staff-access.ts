import { timingSafeEqual } from 'node:crypto'

import type { FastifyReply, FastifyRequest } from 'fastify'

import { CONTENT_READ_ROLES } from '#common/constants/content.ts'
import {
  COMPLAINT_READ_ROLES,
  OIDC_STATE_MS,
  STAFF_SESSION_MAX_MS,
} from '#common/constants/staff.ts'
import { Refusal } from '#server/shared/refusal.ts'

import type { StaffActor, StaffService } from './staff-service.ts'

const isSecure = (request: FastifyRequest) => request.protocol === 'https'

// Over TLS the __Host- prefix makes the browser refuse the cookie unless it is Secure, for this
// host and path / only.
const cookieName = (request: FastifyRequest, name: string) =>
  isSecure(request) ? `__Host-${name}` : name

const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/

function readSecretCookie(request: FastifyRequest, name: string) {
  const fullName = cookieName(request, name)
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0 || pair.slice(0, eq).trim() !== fullName) continue
    const value = pair.slice(eq + 1).trim()
    return SECRET_PATTERN.test(value) ? value : ''
  }
  return undefined
}

const readSessionCookie = (request: FastifyRequest) =>
  readSecretCookie(request, 'staff-session')

// Secure when the request came over TLS, as Fastify's request.protocol says with TRUST_PROXY.
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string | null,
) {
  const attributes = [
    `${cookieName(request, 'staff-session')}=${sessionId ?? ''}`,
    'Path=/',
    `Max-Age=${sessionId ? STAFF_SESSION_MAX_MS / 1000 : 0}`,
    'HttpOnly',
    'SameSite=Strict',
  ]
  if (isSecure(request)) attributes.push('Secure')
  reply.header('set-cookie', attributes.join('; '))
}

// SameSite=Lax, not Strict: the provider's redirect back is a navigation from another site,
// which must carry it.
export function setOidcBrowserCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  browserKey: string | null,
) {
  const attributes = [
    `${cookieName(request, 'staff-oidc')}=${browserKey ?? ''}`,
    'Path=/',
    `Max-Age=${browserKey ? OIDC_STATE_MS / 1000 : 0}`,
    'HttpOnly',
    'SameSite=Lax',
  ]
  if (isSecure(request)) attributes.push('Secure')
  reply.header('set-cookie', attributes.join('; '))
}

export const readOidcBrowserCookie = (request: FastifyRequest) =>
  readSecretCookie(request, 'staff-oidc') || undefined

function readBearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (header === undefined) return undefined
  return header.startsWith('Bearer ') ? header.slice(7).trim() : ''
}

// The CSRF and role checks are the caller's (the admin edge).
export async function authenticateStaff(
  staff: StaffService,
  request: FastifyRequest,
): Promise<StaffActor> {
  const bearer = readBearer(request)
  if (bearer !== undefined) {
    if (bearer === '') throw new Refusal(401, '个人API令牌无效')
    return staff.tokenActor(
      { address: request.ip },
      bearer,
      `${request.method} ${request.url.split('?')[0]}`,
    )
  }
  const sessionId = readSessionCookie(request)
  if (sessionId === undefined)
    throw new Refusal(401, '请先登录，或使用个人API令牌')
  if (sessionId === '') throw new Refusal(401, '登录已失效，请重新登录')
  return staff.sessionActor(sessionId)
}

export function hasCsrfToken(request: FastifyRequest, actor: StaffActor) {
  const given = request.headers['x-csrf-token']
  if (typeof given !== 'string' || !actor.csrfToken) return false
  const a = Buffer.from(given)
  const b = Buffer.from(actor.csrfToken)
  return a.length === b.length && timingSafeEqual(a, b)
}

// Content roles read content files for the console's preview of what is not published yet.
// The one place that decides whether staff may read a file that is not public.
export function staffFileReader(
  staff: StaffService,
  {
    isContentFile,
  }: { isContentFile?: (fileId: string) => Promise<boolean> } = {},
) {
  return async (request: FastifyRequest, fileId: string): Promise<boolean> => {
    let actor: StaffActor
    try {
      actor = await authenticateStaff(staff, request)
    } catch (error) {
      if (error instanceof Refusal) return false
      throw error
    }
    if (actor.roles.some((role) => COMPLAINT_READ_ROLES.includes(role))) {
      // Only files no public page links come here: a complaint's evidence, letters and
      // documents, personal data whose every read the auditor sees.
      const { name } = (request.params ?? {}) as { name?: string }
      await staff.audit({
        actor,
        address: request.ip,
        action: 'file.read',
        target: name ? `${name}（${fileId}）` : fileId,
        detail: {},
      })
      return true
    }
    return (
      actor.roles.some((role) => CONTENT_READ_ROLES.includes(role)) &&
      (await isContentFile?.(fileId)) === true
    )
  }
}
