import { data } from 'react-router'

import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'
import { consoleAccountContext } from '#app/console/api/console-session.ts'
import { contentApi } from '#app/console/content/content-api.ts'
import { contentTitleOf } from '#app/console/content/content-form-values.ts'
import { ContentItemView } from '#app/console/content/content-item-view.tsx'
import { positiveIdOf } from '#app/console/content/content-query.ts'
import { savedProjectOf } from '#app/console/content/kinds/registry.ts'
import { useContentCalls } from '#app/console/content/use-content-calls.ts'
import { ROLE_EDITOR } from '#common/constants/content.ts'

import type { Route } from './+types/content-item'

const NOT_FOUND = { message: '内容编号无效，请从内容列表进入' }

// An unknown item, or a person without a content role: the server's message. The project an
// item is or names is read with it (after every change too: its stages as they stand).
export async function clientLoader({
  request,
  params,
  context,
}: Route.ClientLoaderArgs) {
  const id = positiveIdOf(params.id)
  if (!id) throw data(NOT_FOUND, { status: 404 })
  const canCreate = context
    .get(consoleAccountContext)
    .roles.includes(ROLE_EDITOR)
  return loadOrRefuse(request, async () => {
    const detail = await contentApi.detail(id)
    return {
      detail,
      project: await savedProjectOf(contentApi, detail),
      canCreate,
    }
  })
}

export default function ContentItemRoute({ loaderData }: Route.ComponentProps) {
  const calls = useContentCalls()
  return (
    <ConsolePage title={contentTitleOf(loaderData.detail.working)}>
      <ContentItemView
        detail={loaderData.detail}
        project={loaderData.project}
        canCreate={loaderData.canCreate}
        calls={calls}
      />
    </ConsolePage>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(
    loaderData ? contentTitleOf(loaderData.detail.working) : '内容',
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
