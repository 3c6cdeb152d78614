// oidc-provider ships no types: what the tests' identity provider (identity-provider.ts) uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type Interaction = {
    uid: string
    prompt: { name: string }
    params: { client_id: string } & Record<string, unknown>
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (request: IncomingMessage, response: ServerResponse) => void
    interactionDetails(
      request: IncomingMessage,
      response: ServerResponse,
    ): Promise<Interaction>
    /** Stores the interaction's result and answers 303 to the provider's resume URL. */
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: new (properties: { accountId: string; clientId: string }) => {
      addOIDCScope(scope: string): void
      save(): Promise<string>
    }
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  /** The provider's own in-memory storage, one per call (as a Provider's `adapter`). */
  export function createMemoryAdapter(): (model: string) => unknown
}
