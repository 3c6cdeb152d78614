import type { ApplyValues } from './apply-values.ts'

/** What survives a reload or a failed step: the typed values and the generated form. */
export type ApplyDraft = { values: ApplyValues }

const KEY = 'complaint-apply-draft'

/** The session's draft; the tab's sessionStorage keeps it from other tabs and later visitors. */
export function loadDraft(): ApplyDraft | null {
  try {
    const text = window.sessionStorage.getItem(KEY)
    if (!text) return null
    const draft = JSON.parse(text) as ApplyDraft
    return draft && typeof draft === 'object' && draft.values ? draft : null
  } catch {
    return null
  }
}

export function saveDraft(draft: ApplyDraft) {
  // The captcha and the SMS code are single-use: a restored draft asks for new ones.
  const { captcha: _captcha, smsCode: _smsCode, ...values } = draft.values
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ values }))
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
