// So that a reload of the form does not ask again.
export const NOTICE_READ_KEY = 'complaint-notice-read'

export function hasReadComplaintNotice(): boolean {
  try {
    return window.sessionStorage.getItem(NOTICE_READ_KEY) === '1'
  } catch {
    return false
  }
}

export function rememberNoticeRead() {
  try {
    window.sessionStorage.setItem(NOTICE_READ_KEY, '1')
  } catch {
    // Storage may be off; the notice is then shown again next time.
  }
}
