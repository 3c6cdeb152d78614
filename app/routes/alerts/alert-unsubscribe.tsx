import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { AlertLinkPage } from '#app/features/alerts/alert-link-form.tsx'
import {
  ALERT_LINK_PARAMS,
  readLinkPage,
} from '#app/features/alerts/read-alert-pages.ts'

import type { Route } from './+types/alert-unsubscribe'

export const handle: RouteHandle = {
  title: '退订提醒',
  query: ALERT_LINK_PARAMS,
}

export function loader({ request }: Route.LoaderArgs) {
  return readLinkPage('unsubscribe', new URL(request.url).searchParams)
}

export default function AlertUnsubscribeRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <AlertLinkPage
      outcome={loaderData.outcome}
      heading="退订提醒"
      text="请点击下方按钮退订。退订后，您的邮箱地址将从该订阅中删除，不会再收到该条件的提醒邮件。"
      action="/alerts/unsubscribe"
      button="确认退订"
      token={loaderData.token}
    />
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '退订提醒',
    description: '退订信息提醒。',
    isIndexable: false,
  })
}
