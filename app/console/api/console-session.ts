import { createContext, type RouterContextProvider } from 'react-router'

import { loadOrRefuse } from './console-refusal.ts'
import { staffApi } from './staff-api-client.ts'
import type { StaffAccount } from './staff-types.ts'

export const consoleAccountContext = createContext<StaffAccount>()

// No page asks the API without a session: each such request would be one more refused
// entry in the audit log.
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
