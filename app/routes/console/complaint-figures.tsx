import { href, useNavigation } from 'react-router'

import { ComplaintFiguresPage } from '#app/console/complaints/complaint-figures-page.tsx'
import { loadComplaintFigures } from '#app/console/complaints/workbench-api.ts'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import { ConsoleError } from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { figuresQueryOf } from '#common/schemas/complaint/complaint-figures.ts'

import type { Route } from './+types/complaint-figures'

// The complaint roles read the figures: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = figuresQueryOf(new URL(request.url).searchParams)
  return loadOrRefuse(request, () => loadComplaintFigures(query))
}

export default function ComplaintFiguresRoute({
  loaderData,
}: Route.ComponentProps) {
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname === href('/admin/complaint-figures')
  return <ComplaintFiguresPage figures={loaderData} isLoading={isLoading} />
}

export function meta() {
  return consoleMeta('投诉统计')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
