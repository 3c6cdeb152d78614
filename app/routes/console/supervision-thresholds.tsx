import { href, Link, useRouteLoaderData } from 'react-router'

import { ROLE_ADMIN, ROLE_SUPERVISOR } from '#common/constants/staff.ts'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import {
  loadThresholds,
  thresholdCalls,
} from '#app/console/supervision/threshold-api.ts'
import { ThresholdSettings } from '#app/console/supervision/threshold-settings.tsx'

import type { Route } from './+types/supervision-thresholds'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

// 监督检查 and 系统管理员 read the thresholds: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, loadThresholds)
}

// Only a 系统管理员 changes them (the server checks again); a 监督检查 reads them as text.
export default function SupervisionThresholdsRoute({
  loaderData,
}: Route.ComponentProps) {
  const roles =
    useRouteLoaderData<typeof consoleLoader>('admin')?.account.roles ?? []
  return (
    <ConsolePage
      title="预警阈值"
      actions={
        roles.includes(ROLE_SUPERVISOR) ? (
          <Link to={href('/admin/supervision')}>返回预警列表</Link>
        ) : null
      }
    >
      <ThresholdSettings
        items={loaderData.items}
        canEdit={roles.includes(ROLE_ADMIN)}
        calls={thresholdCalls}
      />
    </ConsolePage>
  )
}

export function meta() {
  return consoleMeta('预警阈值')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
