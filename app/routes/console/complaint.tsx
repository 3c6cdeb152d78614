import { Link, useRouteLoaderData } from 'react-router'

import { ActionPanel } from '#app/console/complaints/action-panel.tsx'
import { ComplaintDetailView } from '#app/console/complaints/complaint-detail-view.tsx'
import { ADMIN_COMPLAINTS_PATH } from '#app/console/complaints/queue-query.ts'
import {
  loadAssignees,
  loadComplaint,
  useAssignComplaints,
  useComplaintActions,
} from '#app/console/complaints/workbench-api.ts'
import { ROLE_HEAD } from '#common/constants/staff.ts'
import styles from '#app/console/complaints/workbench.module.css'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'

import type { Route } from './+types/complaint'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

// An unknown or malformed number, or a person without a complaint role: the server's message.
export async function clientLoader({
  request,
  params,
}: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, async () => {
    const [complaint, assignees] = await Promise.all([
      loadComplaint(params.complaintNo),
      loadAssignees(),
    ])
    return { complaint, assignees: assignees.items }
  })
}

// The server checks the role again on every action.
export default function ComplaintRoute({ loaderData }: Route.ComponentProps) {
  const { complaint } = loaderData
  const account = useRouteLoaderData<typeof consoleLoader>('admin')?.account
  const roles = account?.roles
  const calls = useComplaintActions(complaint.complaintNo)
  const assign = useAssignComplaints()
  return (
    <>
      <p className={styles.backLink}>
        <Link to={ADMIN_COMPLAINTS_PATH}>返回投诉列表</Link>
      </p>
      <ComplaintDetailView
        complaint={complaint}
        assignees={loaderData.assignees}
        assign={roles?.includes(ROLE_HEAD) ? assign : undefined}
        actions={
          <ActionPanel
            availableActions={complaint.availableActions}
            roles={account?.roles ?? []}
            accountId={account?.id ?? 0}
            assignees={
              roles?.includes(ROLE_HEAD) ? loaderData.assignees : undefined
            }
            drafts={{
              decision: {
                isOpen: complaint.state === 'accepted',
                state: complaint.decisionDraft,
              },
              publication: {
                isOpen: complaint.state === 'decided' && !complaint.isPublished,
                state: complaint.publicationDraft,
              },
            }}
            {...calls}
          />
        }
      />
    </>
  )
}

export function meta({ params }: Route.MetaArgs) {
  return consoleMeta(`投诉 ${params.complaintNo}`)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
