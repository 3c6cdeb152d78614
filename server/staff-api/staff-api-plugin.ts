import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { acceptJsonBodies } from '#server/shared/json-body.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { CONTENT_BODY_LIMIT, contentRoutes } from './content-routes.ts'
import { STAFF_BODY_LIMIT, staffRoutes } from './complaint-routes.ts'
import { staffConsoleRoutes } from './account-routes.ts'
import { guardStaffRoutes } from './staff-guard.ts'
import { staffOidcRoutes } from './oidc-routes.ts'

export type AdminPluginOptions = {
  db: Kysely<Database>
}

/**
 * The staff API at /staff-api: the console's accounts, sessions and audit log, the complaint
 * workbench on the complaint domain (app.complaints), and the content workflow (app.content).
 * One guard checks who asks, the CSRF token and the role for every route.
 */
export async function adminPlugin(
  app: FastifyInstance,
  { db }: AdminPluginOptions,
) {
  await app.register(
    async (scope) => {
      withZodSchemas(scope)
      scope.addHook('onRequest', async (_request, reply) => {
        // Personal data as JSON, refusals included: never stored, never sniffed (as /xjApi).
        reply.headers({
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
      })
      guardStaffRoutes(scope, app.staff)
      // One body parser for every staff route, the console's and the OIDC ones included: JSON
      // in UTF-8, at most STAFF_BODY_LIMIT, nested at most 32 levels (docs/api/staff-api.md).
      await scope.register(async (routes) => {
        acceptJsonBodies(routes, { maxBytes: STAFF_BODY_LIMIT })
        await routes.register(staffRoutes, {
          db,
          deps: app.complaints,
          staff: app.staff,
        })
        await routes.register(staffConsoleRoutes, { db, staff: app.staff })
        await routes.register(staffOidcRoutes, {
          staff: app.staff,
          oidc: app.staffOidc,
        })
      })
      // The content routes alone take a revision's body of up to 200,000 characters; the guard
      // has refused anyone without a content role before a byte of it is read.
      await scope.register(async (routes) => {
        acceptJsonBodies(routes, { maxBytes: CONTENT_BODY_LIMIT })
        await routes.register(contentRoutes, {
          db,
          content: app.content,
          storage: app.storage,
        })
      })
    },
    { prefix: '/staff-api' },
  )
}
