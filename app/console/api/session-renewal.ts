import { createContext, useContext } from 'react'

/**
 * Signing in again without leaving the page (session-keeper.tsx provides it in the console's
 * frame): resolves true once the person has, false when they chose not to. Calls that met an
 * ended session wait for it and are sent again, so what was typed is neither lost nor re-typed.
 */
export type SessionRenewal = {
  signInAgain(reason: string): Promise<boolean>
}

export const SessionRenewalContext = createContext<SessionRenewal | null>(null)

export const useSessionRenewal = () => useContext(SessionRenewalContext)
