import type { FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'

import { ROLE_AUDITOR } from '#common/constants/staff.ts'
import {
  AuditExportQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
} from '#common/schemas/staff.ts'
import type { Database } from '#server/db/schema.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import {
  auditCsv,
  auditPage,
  type AuditFilterInput,
} from '#server/staff/audit-view.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

type AuditRoutesOptions = {
  db: Kysely<Database>
  staff: StaffService
}

export const auditRoutes: FastifyPluginAsync<AuditRoutesOptions> = async (
  scope,
  { db, staff },
) => {
  const app = withZodSchemas(scope)

  // The auditor's log: search, and export as CSV (the export is itself audited).
  app.get(
    '/audit',
    {
      config: { staff: { roles: [ROLE_AUDITOR] } },
      schema: {
        querystring: AuditQuerySchema,
        response: answers(AuditPageSchema),
      },
    },
    async (request) =>
      auditPage(db, request.query as AuditFilterInput, request.query),
  )
  app.get(
    '/audit/export',
    {
      config: { staff: { roles: [ROLE_AUDITOR], audit: 'audit.export' } },
      schema: { querystring: AuditExportQuerySchema },
    },
    async (request, reply) => {
      const filter = request.query as AuditFilterInput
      await staff.audit({
        actor: actorOf(request),
        address: request.ip,
        action: 'audit.export',
        target: '审计日志',
        detail: { filter },
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit.csv"; filename*=UTF-8''${encodeURIComponent('审计日志.csv')}`,
        )
        .send(await auditCsv(db, filter))
    },
  )
}
