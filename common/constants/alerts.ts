import { MSG_TOO_FREQUENT } from '#common/messages.ts'

export const ALERT_SCOPES = ['search', 'news', 'policies', 'business'] as const
export type AlertScope = (typeof ALERT_SCOPES)[number]

export const ALERT_SCOPE_LABELS: Record<AlertScope, string> = {
  search: '站内搜索',
  news: '新闻资讯',
  policies: '政策法规',
  business: '交易信息',
}

export const ALERT_FREQUENCIES = [
  { key: 'immediate', label: '即时提醒', hint: '有新信息发布后即发送邮件' },
  { key: 'daily', label: '每日汇总', hint: '每天8时汇总发送前一天的新信息' },
] as const
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number]['key']
export const ALERT_FREQUENCY_KEYS = ALERT_FREQUENCIES.map((f) => f.key) as [
  AlertFrequency,
  ...AlertFrequency[],
]

/** The hour (Asia/Shanghai) the daily digests are sent at. */
export const ALERT_DIGEST_HOUR = 8

/** Long enough for a request made on a Friday evening to be confirmed on Monday. */
export const ALERT_CONFIRM_HOURS = 72

/**
 * A link's token: the subscription's public handle (16 random bytes) and the server's
 * HMAC-SHA256 of what the link may do, both base64url.
 */
export const ALERT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/

/** RFC 5321's longest address. */
export const ALERT_EMAIL_MAX = 254

export const ALERT_MESSAGES = {
  requested: `订阅申请已受理。请查收发往该邮箱的确认邮件，并在${ALERT_CONFIRM_HOURS}小时内点击邮件中的链接完成订阅；未确认的申请将自动删除。`,
  badEmail: '请输入有效的电子邮箱地址',
  badFrequency: '请选择提醒方式',
  badFilters: '订阅条件无效，请返回列表页重新选择条件',
  noKeyword: '请先输入搜索关键字，再订阅搜索结果的提醒',
  tooMany: MSG_TOO_FREQUENT,
  confirmed:
    '订阅已确认。符合条件的新信息发布后，我们将按您选择的方式发送邮件提醒。',
  invalidConfirm: '确认链接无效或已使用。如仍需订阅，请重新提交订阅申请。',
  expiredConfirm: `确认链接已过期（有效期${ALERT_CONFIRM_HOURS}小时），该订阅申请已删除。如仍需订阅，请重新提交。`,
  unsubscribed:
    '已退订。您的邮箱地址已从该订阅中删除，不会再收到该条件的提醒邮件。',
  invalidUnsubscribe:
    '退订链接无效或已使用。如仍收到提醒邮件，请使用最新一封邮件中的退订链接。',
  brokenLink: '链接不完整或已损坏，请从邮件中完整复制链接后重试。',
} as const

export const ALERT_OUTCOMES = {
  requested: 'requested',
  'bad-email': 'badEmail',
  'bad-frequency': 'badFrequency',
  'bad-filters': 'badFilters',
  'no-keyword': 'noKeyword',
  'too-many': 'tooMany',
  confirmed: 'confirmed',
  invalid: 'invalidConfirm',
  expired: 'expiredConfirm',
  unsubscribed: 'unsubscribed',
  'invalid-unsubscribe': 'invalidUnsubscribe',
} as const satisfies Record<string, keyof typeof ALERT_MESSAGES>
export type AlertOutcome = keyof typeof ALERT_OUTCOMES
