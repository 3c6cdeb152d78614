import { href, useNavigation, useRouteLoaderData } from 'react-router'

import { FeedbackReplies } from '#app/console/complaints/feedback-replies.tsx'
import {
  loadFeedbackPage,
  useFeedbackReply,
} from '#app/console/complaints/workbench-api.ts'
import { consoleMeta } from '#app/console/components/console-meta.ts'
import {
  ConsoleError,
  ConsolePage,
} from '#app/console/components/console-page.tsx'
import { loadOrRefuse } from '#app/console/api/console-refusal.ts'

import type { Route } from './+types/feedback-replies'
import type { clientLoader as consoleLoader } from './console-layout.tsx'

// Only the complaint roles read the messages: anyone else gets the server's 403 message here.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadOrRefuse(request, () =>
    loadFeedbackPage(new URL(request.url).searchParams),
  )
}

export default function FeedbackRepliesRoute({
  loaderData,
}: Route.ComponentProps) {
  const account = useRouteLoaderData<typeof consoleLoader>('admin')?.account
  const { reply, approve } = useFeedbackReply()
  const navigation = useNavigation()
  // Another page of messages loading; not the way out to another page.
  const isLoading =
    navigation.state === 'loading' &&
    navigation.location.pathname === href('/admin/feedback')
  return (
    <ConsolePage title="留言回复">
      <div className="portal-panel">
        <FeedbackReplies
          {...loaderData}
          roles={account?.roles ?? []}
          accountId={account?.id ?? 0}
          reply={reply}
          approve={approve}
          isLoading={isLoading}
        />
      </div>
    </ConsolePage>
  )
}

export function meta() {
  return consoleMeta('留言回复')
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConsoleError error={error} />
}
