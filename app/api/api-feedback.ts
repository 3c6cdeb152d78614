import { href } from 'react-router'

import { ERROR_TOAST_MS } from '#common/constants/ui.ts'

export type ApiFeedback = {
  error(message: string): void
  // After an auth failure: service code 403/408, HTTP 401.
  logout(): void
}

const SESSION_KEYS = ['token', 'userInfo']

// Touches window only when called, so the module can be imported during server rendering.
// antd's message loads with the first toast, not with every page.
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
