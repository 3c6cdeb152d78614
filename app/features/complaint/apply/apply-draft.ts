import { ClientKeySchema } from '#common/schemas/complaint/complaint-filing.ts'

import type { ApplyValues } from './apply-values.ts'

// The server answers a resend of the client key with the same complaint number and query code,
// so an answer lost on the way is never a complaint lost or filed twice.
type ApplyDraft = {
  values: ApplyValues
  clientKey: string
  // The SMS code typed before leaving for the signing page is not used up until the submission
  // and would otherwise have to be asked for again.
  signing?: SigningTrip
}

export type SigningTrip = { fileId: string; smsCode?: string }

const KEY = 'complaint-apply-draft'

export function newClientKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; an intranet served over plain HTTP has only this.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

// The tab's sessionStorage keeps the draft from other tabs and later visitors. A draft kept
// before client keys existed gets one now.
export function loadDraft(): ApplyDraft | null {
  try {
    const text = window.sessionStorage.getItem(KEY)
    if (!text) return null
    const draft = JSON.parse(text) as Partial<ApplyDraft> | null
    if (!draft || typeof draft !== 'object' || !draft.values) return null
    const clientKey = ClientKeySchema.safeParse(draft.clientKey)
    const signing = draft.signing
    return {
      values: draft.values,
      clientKey: clientKey.success ? clientKey.data : newClientKey(),
      ...(signing && typeof signing.fileId === 'string'
        ? {
            signing: {
              fileId: signing.fileId,
              ...(typeof signing.smsCode === 'string'
                ? { smsCode: signing.smsCode }
                : {}),
            },
          }
        : {}),
    }
  } catch {
    return null
  }
}

export function saveDraft(draft: ApplyDraft) {
  // The captcha and the SMS code are single-use: a restored draft asks for new ones, except
  // after a trip to the signing page (the SMS code is kept with the trip).
  const { captcha: _captcha, smsCode: _smsCode, ...values } = draft.values
  try {
    window.sessionStorage.setItem(
      KEY,
      JSON.stringify({
        values,
        clientKey: draft.clientKey,
        ...(draft.signing ? { signing: draft.signing } : {}),
      }),
    )
  } catch {
    // Storage full or off: the form still works, only a reload loses the draft.
  }
}

export function clearDraft() {
  try {
    window.sessionStorage.removeItem(KEY)
  } catch {
    // nothing kept, nothing to clear
  }
}
