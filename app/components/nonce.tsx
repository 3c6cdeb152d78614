import { createContext, type ReactNode, use } from 'react'

const NonceContext = createContext<string | undefined>(undefined)

/** The CSP nonce of the response being rendered; undefined in the browser. */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext value={nonce}>{children}</NonceContext>
}

export function useNonce() {
  return use(NonceContext)
}
