import { randomBytes } from 'node:crypto'

/** Pages are rendered (and cached) with this token; each response swaps in a fresh nonce. */
export const NONCE_PLACEHOLDER = 'portal-csp-nonce-0000000000'

export function createNonce() {
  return randomBytes(16).toString('base64')
}

/**
 * Scripts run only from our origin or with this response's nonce: no inline script without it.
 * Styles allow inline because antd writes its CSS-in-JS styles at run time.
 */
export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}
