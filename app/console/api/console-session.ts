import { createContext, type RouterContextProvider } from 'react-router'

import { loadOrRefuse } from './console-refusal.ts'
import { staffApi } from './staff-api-client.ts'
import type { StaffAccount } from './staff-types.ts'

/** The signed-in person, as the console's middleware read it for the pages' loaders. */
export const consoleAccountContext = createContext<StaffAccount>()

/**
 * The console's client middleware: who is signed in, read before any page's own data. Without
 * a session the person goes to sign in at once, and no page asks the API (each such request
 * would be one more refused entry in the audit log).
 */
export async function requireConsoleSession({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  const { account } = await loadOrRefuse(request, () => staffApi.session())
  context.set(consoleAccountContext, account)
}
