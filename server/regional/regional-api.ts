import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'

import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { regionalProtocol } from './regional-protocol.ts'

type RegionalApiOptions = {
  secret: string
  nonceStore: ExpiringStore
  routes: FastifyPluginAsync[]
}

// The order matters and lives only here: the protocol first (it replaces the JSON parser with one
// that hashes the raw body), then multipart, then the routes.
export async function regionalApi(
  app: FastifyInstance,
  options: RegionalApiOptions,
) {
  await app.register(regionalProtocol, {
    secret: options.secret,
    nonceStore: options.nonceStore,
  })
  await app.register(multipart)
  for (const routes of options.routes) await app.register(routes)
}
