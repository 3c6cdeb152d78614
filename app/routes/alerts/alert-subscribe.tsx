import { Link } from 'react-router'

import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { AlertForm } from '#app/features/alerts/alert-form.tsx'
import { AlertOutcomeView } from '#app/features/alerts/alert-outcome.tsx'
import styles from '#app/features/alerts/alerts.module.css'
import {
  ALERT_SUBSCRIBE_PARAMS,
  readSubscribePage,
} from '#app/features/alerts/read-alert-pages.ts'
import { alertListPath } from '#common/alert-filters.ts'
import { ALERT_MESSAGES } from '#common/constants/alerts.ts'

import type { Route } from './+types/alert-subscribe'

export const handle: RouteHandle = {
  title: '订阅提醒',
  query: ALERT_SUBSCRIBE_PARAMS,
}

export function loader({ request }: Route.LoaderArgs) {
  return readSubscribePage(new URL(request.url).searchParams)
}

export default function AlertSubscribeRoute({
  loaderData,
}: Route.ComponentProps) {
  const { filters, outcome, message } = loaderData
  if (!filters)
    return (
      <AlertOutcomeView
        outcome={
          message === ALERT_MESSAGES.noKeyword ? 'no-keyword' : 'bad-filters'
        }
        extra={<Link to="/search">前往站内搜索</Link>}
      />
    )
  const back = <Link to={alertListPath(filters)}>返回列表</Link>
  if (outcome === 'requested')
    return <AlertOutcomeView outcome="requested" extra={back} />
  return (
    <section
      className={`portal-panel ${styles.panel}`}
      aria-labelledby="alert-subscribe-heading"
    >
      <h1 id="alert-subscribe-heading" className={styles.heading}>
        订阅提醒
      </h1>
      <AlertForm filters={filters} refusal={message ?? undefined} />
      <p className={styles.note}>{back}</p>
    </section>
  )
}

// An address of a saved search, not content: never indexed (nor cached, server/pages).
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: '订阅提醒',
    description: '订阅提醒：符合条件的新信息发布后，通过电子邮件通知您。',
    isIndexable: false,
  })
}
