import { useRouteLoaderData } from 'react-router'

import { DashboardFigures } from '#app/features/admin/complaints/dashboard-figures.tsx'
import { loadComplaintDashboard } from '#app/features/admin/complaints/workbench-api.ts'
import { consoleMeta } from '#app/features/admin/console-meta.ts'
import { ConsoleError } from '#app/features/admin/console-page.tsx'
import { loadOrRefuse } from '#app/features/admin/console-refusal.ts'
import { consoleAccountContext } from '#app/features/admin/console-session.ts'
import { ConsoleWelcome } from '#app/features/admin/console-welcome.tsx'
import { COMPLAINT_READ_ROLES } from '#common/constants/staff.ts'

import type { Route } from './+types/console-home'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

// The complaint roles see today's figures; anyone else has none to read (and asking would
// only put a refusal in the audit log).
export async function clientLoader({
  request,
  context,
}: Route.ClientLoaderArgs) {
  const { roles } = context.get(consoleAccountContext)
  if (!roles.some((role) => COMPLAINT_READ_ROLES.includes(role)))
    return { figures: null }
  return loadOrRefuse(request, async () => ({
    figures: await loadComplaintDashboard(),
  }))
}

/** /admin: the person's welcome, today's figures for the complaint roles, what their roles open. */
export default function ConsoleHomeRoute({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof consoleLoader>('admin')
  if (!layout) return null
  return (
    <ConsoleWelcome account={layout.account}>
      {loaderData.figures ? (
        <DashboardFigures figures={loaderData.figures} />
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
