import { useNavigation } from 'react-router'

import { ComplaintQueue } from '#app/console/complaints/complaint-queue.tsx'
import {
  ADMIN_COMPLAINTS_PATH,
  parseQueueQuery,
} from '#app/console/complaints/queue-query.ts'
import { loadComplaintQueue } from '#app/console/complaints/workbench-api.ts'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'

import type { Route } from './+types/complaint-queue'

// Only 投诉处理 and 投诉负责人 read the queue: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseQueueQuery(new URL(request.url).searchParams)
  return loadOrRefuse(request, async () => ({
    page: await loadComplaintQueue(query),
  }))
}

export default function ComplaintQueueRoute({
  loaderData,
}: Route.ComponentProps) {
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname === ADMIN_COMPLAINTS_PATH
  return (
    <ConsolePage title="投诉处理">
      <ComplaintQueue page={loaderData.page} isLoading={isLoading} />
    </ConsolePage>
  )
}

export function meta() {
  return consoleMeta('投诉处理')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
