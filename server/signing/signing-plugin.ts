import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import type { SigningProvider } from './signing-provider.ts'
import { createSigningProvider } from './signing-providers.ts'
import type { SigningDeps } from './signing-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    signing: SigningDeps
  }
}

type SigningPluginOptions = {
  db: Kysely<Database>
  config: { signingProvider: string; dataDir: string }
  provider?: SigningProvider
}

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
