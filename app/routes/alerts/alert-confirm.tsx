import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { AlertLinkPage } from '#app/features/alerts/alert-link-form.tsx'
import {
  ALERT_LINK_PARAMS,
  readLinkPage,
} from '#app/features/alerts/read-alert-pages.ts'

import type { Route } from './+types/alert-confirm'

export const handle: RouteHandle = {
  title: '确认订阅',
  query: ALERT_LINK_PARAMS,
}

export function loader({ request }: Route.LoaderArgs) {
  return readLinkPage('confirm', new URL(request.url).searchParams)
}

export default function AlertConfirmRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <AlertLinkPage
      outcome={loaderData.outcome}
      heading="确认订阅"
      text="请点击下方按钮确认订阅。确认后，符合条件的新信息发布时，我们将按您选择的方式发送邮件提醒；每封提醒邮件都可一键退订。"
      action="/alerts/confirm"
      button="确认订阅"
      token={loaderData.token}
    />
  )
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '确认订阅',
    description: '确认订阅信息提醒。',
    isIndexable: false,
  })
}
