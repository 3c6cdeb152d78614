import { createHash, randomBytes } from 'node:crypto'

import type { FastifyReply, FastifyRequest } from 'fastify'

// A day covers drafting a complaint in one sitting.
const ACCESS_KEY_MAX_AGE_S = 24 * 3600

const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

const isSecure = (request: FastifyRequest) => request.protocol === 'https'

// Over TLS the __Host- prefix makes the browser refuse the cookie unless it is Secure, for
// this host only and for path /: a sibling subdomain cannot plant a key of its choosing
// (RFC 6265bis, cookie name prefixes).
const cookieName = (request: FastifyRequest) =>
  isSecure(request) ? '__Host-file-access' : 'file-access'

export function readAccessKey(request: FastifyRequest): string | null {
  const name = cookieName(request)
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue
    const value = pair.slice(eq + 1).trim()
    if (KEY_PATTERN.test(value)) return value
  }
  return null
}

// One key per request, however many files it records: a second new key would orphan the first.
const issuedKeys = new WeakMap<FastifyRequest, string>()

export function issueAccessKey(
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  const issued = issuedKeys.get(request)
  if (issued) return issued
  const key = readAccessKey(request) ?? randomBytes(32).toString('base64url')
  issuedKeys.set(request, key)
  const attributes = [
    `${cookieName(request)}=${key}`,
    'Path=/',
    `Max-Age=${ACCESS_KEY_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
  ]
  if (isSecure(request)) attributes.push('Secure')
  reply.header('set-cookie', attributes.join('; '))
  return key
}

// Its SHA-256, so the table alone opens nothing.
export const hashAccessKey = (key: string) =>
  createHash('sha256').update(key).digest('hex')
