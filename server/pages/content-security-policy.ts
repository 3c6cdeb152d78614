import { createHash } from 'node:crypto'

// An executable inline script: no src, and not a JSON data block (which never runs).
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (
      /\ssrc=/.test(attributes) ||
      /type="application\/(ld\+)?json"/.test(attributes)
    )
      continue
    hashes.add(
      `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
    )
  }
  return [...hashes]
}

// Hashes rather than nonces keep each rendered page identical for every visitor, so it is cached
// (and compressed) once. Styles allow inline because antd and React set style attributes.
export function contentSecurityPolicy(scriptHashes: string[]) {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // The spoken captcha is played from the bytes the page fetched (an object URL).
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ')
}
