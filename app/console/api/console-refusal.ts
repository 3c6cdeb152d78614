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

/** The reason remembered by the last redirect to the sign-in page, read once. */
export function takeSignInReason(): string | null {
  try {
    const reason = sessionStorage.getItem(REASON_KEY)
    sessionStorage.removeItem(REASON_KEY)
    return reason
  } catch {
    return null
  }
}

/** What a console page's error boundary receives for a refusal: the server's message. */
export type ConsoleRefusal = { message: string }

/**
 * A console page's data could not be read (clientLoader): no session leads to the sign-in
 * page, which brings the person back here afterwards and says why when a session in use has
 * ended (expired, ended by an administrator); any other refusal becomes the
 * page's error with the server's Chinese message (403: the role the page needs).
 */
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

/** Reads a console page's data, turning a refusal into the page's answer (above). */
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
