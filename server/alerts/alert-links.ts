import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'

// Nothing secret is stored: the database holds the handle and a confirmation's nonce, not the
// links, so a copy of the database confirms or cancels nothing. A confirmation link names its
// nonce, which the confirmation clears: it works once.
export type AlertLinkSigner = {
  confirmToken(uid: string, nonce: string): string
  unsubscribeToken(uid: string): string
  uidOf(token: string): string | null
  isConfirmToken(token: string, uid: string, nonce: string): boolean
  isUnsubscribeToken(token: string, uid: string): boolean
}

export const randomHandle = () => randomBytes(16).toString('base64url')

// A key for this purpose alone, so no other use of the secret can make or check these links.
export function createAlertLinkSigner(secret: string): AlertLinkSigner {
  const key = Buffer.from(
    hkdfSync('sha256', secret, '', 'portal saved-search alert links', 32),
  )
  const mac = (text: string) =>
    createHmac('sha256', key).update(text).digest('base64url')
  const confirmToken = (uid: string, nonce: string) =>
    `${uid}.${mac(`confirm:${uid}:${nonce}`)}`
  const unsubscribeToken = (uid: string) =>
    `${uid}.${mac(`unsubscribe:${uid}`)}`
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))
  return {
    confirmToken,
    unsubscribeToken,
    uidOf: (token) => token.split('.')[0] || null,
    isConfirmToken: (token, uid, nonce) =>
      same(token, confirmToken(uid, nonce)),
    isUnsubscribeToken: (token, uid) => same(token, unsubscribeToken(uid)),
  }
}
