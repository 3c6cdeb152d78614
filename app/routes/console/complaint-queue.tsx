import { useNavigation, useRouteLoaderData } from 'react-router'

import { ROLE_HEAD } from '#common/constants/staff.ts'

import { ComplaintQueue } from '#app/console/complaints/complaint-queue.tsx'
import {
  ADMIN_COMPLAINTS_PATH,
  parseQueueQuery,
} from '#app/console/complaints/queue-query.ts'
import {
  loadAssignees,
  loadComplaintQueue,
  useAssignComplaints,
} from '#app/console/complaints/workbench-api.ts'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'

import type { Route } from './+types/complaint-queue'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

// Only 投诉处理 and 投诉负责人 read the queue: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseQueueQuery(new URL(request.url).searchParams)
  return loadOrRefuse(request, async () => {
    const [page, assignees] = await Promise.all([
      loadComplaintQueue(query),
      loadAssignees(),
    ])
    return { page, assignees: assignees.items }
  })
}

export default function ComplaintQueueRoute({
  loaderData,
}: Route.ComponentProps) {
  const navigation = useNavigation()
  const roles = useRouteLoaderData<typeof consoleLoader>('admin')?.account.roles
  const assign = useAssignComplaints()
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname === ADMIN_COMPLAINTS_PATH
  return (
    <ConsolePage title="投诉处理">
      <ComplaintQueue
        page={loaderData.page}
        isLoading={isLoading}
        assignees={loaderData.assignees}
        // The server checks the role again.
        assign={roles?.includes(ROLE_HEAD) ? assign : undefined}
      />
    </ConsolePage>
  )
}

export function meta() {
  return consoleMeta('投诉处理')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
