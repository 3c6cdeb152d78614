import { href } from 'react-router'

import { ERROR_TOAST_MS } from '#common/constants/ui.ts'

/** What the API clients do when a call fails: one place for toasts and logout (spec §6, §8). */
export type ApiFeedback = {
  /** Shows an error toast. */
  error(message: string): void
  /** Ends the visitor's session after an auth failure (service code 403/408, HTTP 401). */
  logout(): void
}

/** The session keys the external login leaves in the browser. */
const SESSION_KEYS = ['token', 'userInfo']

/**
 * Feedback in the browser: an antd error toast for 5 s (spec §8, ERROR_TOAST_MS); logout clears
 * the stored session and sends the visitor to /index. Touches window only when called, so the
 * module can be imported during server rendering. antd's message loads with the first toast,
 * not with every page.
 */
export function createBrowserFeedback(
  navigate: (path: string) => void = (path) => window.location.assign(path),
): ApiFeedback {
  return {
    error(content) {
      void import('antd/es/message').then(({ default: message }) =>
        message.error({ content, duration: ERROR_TOAST_MS / 1000 }),
      )
    },
    logout() {
      for (const storage of [window.localStorage, window.sessionStorage]) {
        for (const key of SESSION_KEYS) storage.removeItem(key)
      }
      navigate(href('/index'))
    },
  }
}
