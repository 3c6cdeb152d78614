import { useRouteLoaderData } from 'react-router'

import { DashboardFigures } from '#app/console/complaints/dashboard-figures.tsx'
import { loadComplaintDashboard } from '#app/console/complaints/workbench-api.ts'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { consoleAccountContext } from '#app/console/api/console-session.ts'
import { ConsoleWelcome } from '#app/console/home/console-welcome.tsx'
import { NoContactNote } from '#app/console/home/no-contact-note.tsx'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { StaffContactsSchema } from '#common/schemas/staff-contacts.ts'
import { contentApi } from '#app/console/content/content-api.ts'
import { ContentFigures } from '#app/console/content/content-figures.tsx'
import { CONTENT_READ_ROLES } from '#common/constants/content.ts'
import {
  COMPLAINT_READ_ROLES,
  ROLE_SUPERVISOR,
  type StaffRole,
} from '#common/constants/staff.ts'
import { loadWarningFigures } from '#app/console/supervision/supervision-api.ts'
import { WarningFigures } from '#app/console/supervision/warning-figures.tsx'

import type { Route } from './+types/console-home'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

const holdsAny = (roles: readonly StaffRole[], wanted: readonly StaffRole[]) =>
  roles.some((role) => wanted.includes(role))

// Each role's figures: the complaint roles today's complaints, the content roles what waits
// in the review workflow, 监督检查 the open warnings. Anyone else has none to read (and
// asking would only put a refusal in the audit log).
export async function clientLoader({
  request,
  context,
}: Route.ClientLoaderArgs) {
  const { roles } = context.get(consoleAccountContext)
  return loadOrRefuse(request, async () => {
    const handles = holdsAny(roles, COMPLAINT_READ_ROLES)
    const [figures, contentFigures, contacts, warningFigures] =
      await Promise.all([
        handles ? loadComplaintDashboard() : null,
        holdsAny(roles, CONTENT_READ_ROLES) ? contentApi.dashboard() : null,
        handles ? staffApi.get('/me/contacts', StaffContactsSchema) : null,
        roles.includes(ROLE_SUPERVISOR) ? loadWarningFigures() : null,
      ])
    const hasNoContact =
      contacts !== null && !contacts.email && !contacts.mobile
    return { figures, contentFigures, warningFigures, hasNoContact }
  })
}

export default function ConsoleHomeRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof consoleLoader>('admin')
  if (!layout) return null
  return (
    <ConsoleWelcome account={layout.account}>
      {loaderData.hasNoContact ? <NoContactNote /> : null}
      {loaderData.figures ? (
        <DashboardFigures figures={loaderData.figures} />
      ) : null}
      {loaderData.contentFigures ? (
        <ContentFigures figures={loaderData.contentFigures} />
      ) : null}
      {loaderData.warningFigures ? (
        <WarningFigures figures={loaderData.warningFigures} />
      ) : null}
    </ConsoleWelcome>
  )
}

export function meta() {
  return consoleMeta('工作台')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
