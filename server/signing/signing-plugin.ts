import fp from 'fastify-plugin'

import { type SigningDeps } from './signing-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The electronic seal for any area's routes: pass it to sealWithDepartmentSeal,
     * sealStoredFile, or use its db with findSealedCopy / isSealedBy (server/signing).
     */
    signing: SigningDeps
  }
}

/** Decorates the app with the configured signing provider and its storage. */
export const signingPlugin = fp<SigningDeps>(
  async (app, deps) => {
    app.decorate('signing', deps)
  },
  { name: 'signing', fastify: '5.x' },
)
