import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { acceptJsonBodies } from '#server/shared/json-body.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import { accountRoutes } from './account-routes.ts'
import { auditRoutes } from './audit-routes.ts'
import { complaintRoutes } from './complaint-routes.ts'
import { CONTENT_BODY_LIMIT, contentRoutes } from './content-routes.ts'
import {
  OCDS_IMPORT_BODY_LIMIT,
  ocdsImportRoutes,
} from './ocds-import-routes.ts'
import { oidcRoutes } from './oidc-routes.ts'
import { sessionRoutes } from './session-routes.ts'
import { supervisionRoutes } from './supervision-routes.ts'
import { guardStaffRoutes } from './staff-guard.ts'

/**
 * The largest JSON body of the staff API: its biggest legitimate bodies, an investigation record
 * (content 20,000 characters) or a decision (17,000), are at most 125 KB even if JSON escapes
 * every character as \uXXXX.
 */
export const STAFF_BODY_LIMIT = 256 * 1024

type StaffApiPluginOptions = {
  db: Kysely<Database>
}

export async function staffApiPlugin(
  app: FastifyInstance,
  { db }: StaffApiPluginOptions,
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
        await routes.register(complaintRoutes, {
          db,
          deps: app.complaints,
          staff: app.staff,
        })
        await routes.register(sessionRoutes, { staff: app.staff })
        await routes.register(accountRoutes, { staff: app.staff })
        await routes.register(auditRoutes, { db, staff: app.staff })
        await routes.register(supervisionRoutes, {
          db,
          staff: app.staff,
          content: app.content,
          now: app.complaints.now ?? (() => new Date()),
          rebuildSoon: () => app.supervision.rebuildSoon(),
        })
        await routes.register(oidcRoutes, {
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
      // Trading platforms' OCDS release packages (docs/api/ocds-import.md), larger than any
      // person's request; the guard refuses a caller without the role before a byte is read.
      await scope.register(async (routes) => {
        acceptJsonBodies(routes, { maxBytes: OCDS_IMPORT_BODY_LIMIT })
        await routes.register(ocdsImportRoutes, {
          db,
          staff: app.staff,
          content: app.content,
          changes: app.contentChanges,
          now: app.complaints.now ?? (() => new Date()),
        })
      })
    },
    { prefix: '/staff-api' },
  )
}
