import { createHash, randomBytes } from 'node:crypto'

import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * How long a browser keeps its file access key after the last upload or query that used it:
 * a day covers drafting a complaint in one sitting. What the key opens expires on its own
 * terms (file-access.ts).
 */
const ACCESS_KEY_MAX_AGE_S = 24 * 3600

const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/

const isSecure = (request: FastifyRequest) => request.protocol === 'https'

// Over TLS the __Host- prefix makes the browser refuse the cookie unless it is Secure, for
// this host only and for path /: a sibling subdomain cannot plant a key of its choosing
// (RFC 6265bis, cookie name prefixes).
const cookieName = (request: FastifyRequest) =>
  isSecure(request) ? '__Host-file-access' : 'file-access'

/** The browser's file access key from its cookie, or null when it has none (or a forged one). */
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

/**
 * The browser's key, a new random one when it has none, (re)sent as a cookie that scripts
 * cannot read (HttpOnly), that no other site's page sends (SameSite=Strict), and that travels
 * only over TLS when the request came over TLS (Secure).
 */
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

/** What is stored of a key: its SHA-256, so the table alone opens nothing. */
export const hashAccessKey = (key: string) =>
  createHash('sha256').update(key).digest('hex')
