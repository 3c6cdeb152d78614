import { AuditLog } from '#app/console/audit/audit-log.tsx'
import {
  AUDIT_PAGE_SIZE,
  auditFilterOf,
  parseAuditQuery,
} from '#app/console/audit/audit-query.ts'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { AuditPageSchema } from '#common/schemas/staff.ts'

import type { Route } from './+types/audit-log'

// Only 审计员 may read the log: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseAuditQuery(new URL(request.url).searchParams)
  return loadOrRefuse(request, async () => ({
    query,
    ...(await staffApi.get('/audit', AuditPageSchema, {
      ...auditFilterOf(query),
      pageNo: query.pageNo,
      pageSize: AUDIT_PAGE_SIZE,
    })),
  }))
}

export default function AuditLogRoute({ loaderData }: Route.ComponentProps) {
  return <AuditLog {...loaderData} />
}

export function meta() {
  return consoleMeta('审计日志')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
