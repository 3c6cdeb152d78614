import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { SigningProvider } from './signing-provider.ts'
import { createSigningProvider } from './signing-providers.ts'
import type { SigningDeps } from './signing-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The electronic seal for any area's routes: pass it to sealWithDepartmentSeal,
     * sealStoredFile, or use its db with findSealedCopy / checkSeal (server/signing).
     */
    signing: SigningDeps
  }
}

type SigningPluginOptions = {
  db: Kysely<Database>
  config: { signingProvider: string; dataDir: string }
  /** The seal to use instead of the one SIGNING_PROVIDER names (tests). */
  provider?: SigningProvider
}

/** Decorates the app with the configured signing provider and the app's file storage. */
export const signingPlugin = fp<SigningPluginOptions>(
  async (app, { db, config, provider }) => {
    app.decorate('signing', {
      db,
      storage: app.storage,
      provider: provider ?? createSigningProvider(config),
    })
  },
  { name: 'signing', fastify: '5.x', dependencies: ['file-storage'] },
)
