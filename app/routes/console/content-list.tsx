import { useNavigation, useRouteLoaderData } from 'react-router'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { contentApi } from '#app/console/content/content-api.ts'
import {
  ContentList,
  NewContentLinks,
} from '#app/console/content/content-list.tsx'
import {
  ADMIN_CONTENT_PATH,
  parseContentQuery,
} from '#app/console/content/content-query.ts'
import { ROLE_EDITOR } from '#common/constants/content.ts'

import type { Route } from './+types/content-list'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

// Only 内容编辑 and 内容审核 read the list: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseContentQuery(new URL(request.url).searchParams)
  return loadOrRefuse(request, async () => ({
    page: await contentApi.list(query),
  }))
}

export default function ContentListRoute({ loaderData }: Route.ComponentProps) {
  const roles = useRouteLoaderData<typeof consoleLoader>('admin')?.account.roles
  const navigation = useNavigation()
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname === ADMIN_CONTENT_PATH
  return (
    <ConsolePage
      title="内容管理"
      actions={roles?.includes(ROLE_EDITOR) ? <NewContentLinks /> : null}
    >
      <ContentList page={loaderData.page} isLoading={isLoading} />
    </ConsolePage>
  )
}

export function meta() {
  return consoleMeta('内容管理')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
