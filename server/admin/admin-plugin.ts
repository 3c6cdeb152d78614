import { type FastifyInstance } from 'fastify'
import { type Kysely } from 'kysely'

import { type Database } from '#server/db/schema.ts'
import { staffRoutes } from './staff-api-routes.ts'

export type AdminPluginOptions = {
  db: Kysely<Database>
  /** STAFF_API_TOKEN. */
  staffApiToken: string
}

/** The staff API at /staff-api, on the complaint domain the app carries (app.complaints). */
export async function adminPlugin(
  app: FastifyInstance,
  { db, staffApiToken }: AdminPluginOptions,
) {
  await app.register(staffRoutes, {
    prefix: '/staff-api',
    db,
    deps: app.complaints,
    token: staffApiToken,
  })
}
