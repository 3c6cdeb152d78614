import { Result } from 'antd'
import type { ReactNode } from 'react'

import {
  ALERT_MESSAGES,
  ALERT_OUTCOMES,
  type AlertOutcome,
} from '#common/constants/alerts.ts'

const TITLES: Record<AlertOutcome, string> = {
  requested: '请查收确认邮件',
  'bad-email': '无法订阅',
  'bad-frequency': '无法订阅',
  'bad-filters': '无法订阅',
  'no-keyword': '无法订阅',
  'too-many': '提交过于频繁',
  confirmed: '订阅已确认',
  invalid: '确认链接无效',
  expired: '确认链接已过期',
  unsubscribed: '已退订',
  'invalid-unsubscribe': '退订链接无效',
}
const SUCCESSES: AlertOutcome[] = ['requested', 'confirmed', 'unsubscribed']

export function AlertOutcomeView({
  outcome,
  extra,
}: {
  outcome: AlertOutcome
  extra?: ReactNode
}) {
  return (
    <Result
      status={SUCCESSES.includes(outcome) ? 'success' : 'warning'}
      title={<h1 className="portal-result-heading">{TITLES[outcome]}</h1>}
      subTitle={ALERT_MESSAGES[ALERT_OUTCOMES[outcome]]}
      extra={extra}
    />
  )
}

export function outcomeOf(value: string | null): AlertOutcome | null {
  return value !== null && Object.hasOwn(ALERT_OUTCOMES, value)
    ? (value as AlertOutcome)
    : null
}
