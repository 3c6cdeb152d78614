import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'

import type { ExpiringStore } from '#server/shared/expiring-store.ts'
import { regionalProtocol } from './regional-protocol.ts'

type RegionalApiOptions = {
  secret: string
  /** Where nonces are claimed: the process's one expiring store. */
  nonceStore: ExpiringStore
  /** The route plugins served under /xjApi, all behind the signature check. */
  routes: FastifyPluginAsync[]
}

/**
 * The regional complaint API, register with prefix /xjApi (architecture.md, Protocols). The
 * order matters and lives only here: the protocol first (it replaces the JSON parser with one
 * that hashes the raw body, and checks every request), then multipart, then the routes.
 */
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
