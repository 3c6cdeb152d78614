import { data, Link } from 'react-router'

import { WarningParamsSchema } from '#common/schemas/supervision.ts'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import {
  loadWarning,
  loadWarningHandlers,
  useWarningCalls,
} from '#app/console/supervision/supervision-api.ts'
import styles from '#app/console/supervision/supervision.module.css'
import { WarningActions } from '#app/console/supervision/warning-actions.tsx'
import { WarningDetailView } from '#app/console/supervision/warning-detail-view.tsx'
import { ADMIN_SUPERVISION_PATH } from '#app/console/supervision/warning-query.ts'

import type { Route } from './+types/supervision-warning'

// An unknown warning, or a person without the 监督检查 role: the server's message.
export async function clientLoader({
  request,
  params,
}: Route.ClientLoaderArgs) {
  const parsed = WarningParamsSchema.safeParse(params)
  if (!parsed.success) throw data({ message: '该预警不存在' }, { status: 404 })
  const { id } = parsed.data
  return loadOrRefuse(request, async () => {
    const [warning, handlers] = await Promise.all([
      loadWarning(id),
      loadWarningHandlers(),
    ])
    return { warning, handlers: handlers.items }
  })
}

// The server checks the role and the version again on every step.
export default function SupervisionWarningRoute({
  loaderData,
}: Route.ComponentProps) {
  const { warning, handlers } = loaderData
  const calls = useWarningCalls(warning.id)
  return (
    <>
      <p className={styles.backLink}>
        <Link to={ADMIN_SUPERVISION_PATH}>返回预警列表</Link>
      </p>
      <WarningDetailView
        warning={warning}
        actions={
          <WarningActions warning={warning} handlers={handlers} calls={calls} />
        }
      />
    </>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(
    loaderData ? `监督预警：${loaderData.warning.name}` : '监督预警',
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
