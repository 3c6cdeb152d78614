import { href, Link, useNavigation } from 'react-router'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { loadWarnings } from '#app/console/supervision/supervision-api.ts'
import { WarningQueue } from '#app/console/supervision/warning-queue.tsx'
import {
  ADMIN_SUPERVISION_PATH,
  parseWarningQuery,
} from '#app/console/supervision/warning-query.ts'

import type { Route } from './+types/supervision-queue'

// Only 监督检查 reads the warnings: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseWarningQuery(new URL(request.url).searchParams)
  return loadOrRefuse(request, () => loadWarnings(query))
}

export default function SupervisionQueueRoute({
  loaderData,
}: Route.ComponentProps) {
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname === ADMIN_SUPERVISION_PATH
  return (
    <ConsolePage
      title="监督预警"
      actions={
        <Link to={href('/admin/supervision/thresholds')}>查看预警阈值</Link>
      }
    >
      <WarningQueue page={loaderData} isLoading={isLoading} />
    </ConsolePage>
  )
}

export function meta() {
  return consoleMeta('监督预警')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
