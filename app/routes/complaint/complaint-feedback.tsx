import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { FeedbackForm } from '#app/features/complaint/feedback/feedback-form.tsx'
import { FeedbackList } from '#app/features/complaint/feedback/feedback-list.tsx'
import { loadFeedback } from '#app/features/complaint/feedback/load-feedback.ts'

import type { Route } from './+types/complaint-feedback'

export const handle: RouteHandle = { title: '意见反馈' }

export function loader({ request, context }: Route.LoaderArgs) {
  return loadFeedback(
    context.get(portalApiContext),
    new URL(request.url).searchParams,
  )
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadFeedback(getBrowserPortalApi(), new URL(request.url).searchParams)
}

export default function ComplaintFeedbackRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <>
      <h1 className="visually-hidden">意见反馈</h1>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <FeedbackForm />
        <FeedbackList {...loaderData} />
      </div>
    </>
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '意见反馈',
    description:
      '对水利工程招标投标投诉办理工作提出意见和建议，查看已答复并公开的留言。',
    params: ['page'],
  })
}
