import { data, redirect } from 'react-router'

import { pathOf, signInPath } from './console-paths.ts'
import { MSG_NETWORK_FAILED, StaffApiError } from './staff-api-error.ts'

// Why the person was sent to sign in, for the sign-in page to say. Kept in the tab's session
// storage, not the address: a link cannot make the sign-in page show a text of its choosing.
const REASON_KEY = 'admin-sign-in-reason'

export function rememberSignInReason(message: string) {
  try {
    sessionStorage.setItem(REASON_KEY, message)
  } catch {
    // storage refused (private mode): the sign-in page then gives no reason
  }
}

export function takeSignInReason(): string | null {
  try {
    const reason = sessionStorage.getItem(REASON_KEY)
    sessionStorage.removeItem(REASON_KEY)
    return reason
  } catch {
    return null
  }
}

export type ConsoleRefusal = { message: string }

export function routeRefusal(error: unknown, requestUrl: string): never {
  if (!(error instanceof StaffApiError)) throw error
  if (error.isSessionEnded) {
    if (error.hasEndedInUse) rememberSignInReason(error.message)
    throw redirect(signInPath(pathOf(requestUrl)))
  }
  throw data<ConsoleRefusal>(
    { message: error.message || MSG_NETWORK_FAILED },
    { status: error.status || 503 },
  )
}

export async function loadOrRefuse<T>(
  request: Request,
  load: () => Promise<T>,
): Promise<T> {
  try {
    return await load()
  } catch (error) {
    return routeRefusal(error, request.url)
  }
}
