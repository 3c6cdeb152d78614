import {
  type AlertFilters,
  alertListPath,
  describeAlertFilters,
} from '#common/alert-filters.ts'
import {
  ALERT_CONFIRM_HOURS,
  ALERT_DIGEST_HOUR,
  ALERT_FREQUENCIES,
} from '#common/constants/alerts.ts'
import type { MailMessage } from '#server/shared/mail-sender.ts'
import { type MailPart, renderMailParts } from '#server/shared/mail-parts.ts'

export type MailSite = { platformName: string; baseUrl: string }

type AlertMailItem = { title: string; publishTime: string; path: string }

const frequencyLabel = (key: string) =>
  ALERT_FREQUENCIES.find((f) => f.key === key)?.label ?? key

const footer = (site: MailSite): MailPart => ({
  text: `本邮件由${site.platformName}自动发送，请勿直接回复。您收到本邮件，是因为有人在本平台用该邮箱地址订阅了信息提醒；您的邮箱地址只用于发送这些提醒，退订即删除。`,
})

/** RFC 8058: a mail client's 退订 button posts to the link, without opening a page. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  'Auto-Submitted': 'auto-generated',
})

type Subscription = { email: string; filters: AlertFilters; frequency: string }

// The page that asked says the same in every case.
export function requestMail(
  site: MailSite,
  subscription: Subscription,
  request:
    | { kind: 'confirm' | 'change'; frequency: string; confirmUrl: string }
    | { kind: 'already'; unsubscribeUrl: string },
): MailMessage {
  const facts = {
    facts: [
      ...describeAlertFilters(subscription.filters),
      {
        label: '提醒方式',
        value: frequencyLabel(
          request.kind === 'already'
            ? subscription.frequency
            : request.frequency,
        ),
      },
    ],
  }
  const parts: MailPart[] =
    request.kind === 'already'
      ? [
          { text: '您好：' },
          {
            text: `有人（可能是您本人）在${site.platformName}再次申请订阅以下条件的信息提醒。该邮箱已订阅此条件，无需再次确认，提醒将照常发送。`,
          },
          facts,
          { link: request.unsubscribeUrl, label: '如不再需要，可点击此处退订' },
        ]
      : [
          { text: '您好：' },
          {
            text:
              request.kind === 'confirm'
                ? `有人（可能是您本人）在${site.platformName}用该邮箱地址订阅了以下条件的信息提醒。确认后，符合条件的新信息发布时我们将发送邮件给您。`
                : `有人（可能是您本人）在${site.platformName}申请将以下订阅的提醒方式改为“${frequencyLabel(request.frequency)}”。`,
          },
          facts,
          {
            link: request.confirmUrl,
            label:
              request.kind === 'confirm'
                ? '点击此处确认订阅'
                : '点击此处确认更改',
          },
          {
            text: `链接在${ALERT_CONFIRM_HOURS}小时内有效。如非您本人操作，请忽略本邮件：${request.kind === 'confirm' ? '未经确认的申请将自动删除，您不会再收到任何邮件' : '订阅将保持不变'}。`,
          },
        ]
  const subjects = {
    confirm: '请确认订阅信息提醒',
    change: '请确认更改提醒方式',
    already: '您已订阅该信息提醒',
  }
  return {
    to: subscription.email,
    subject: `${subjects[request.kind]} - ${site.platformName}`,
    ...renderMailParts([...parts, footer(site)]),
    headers:
      request.kind === 'already'
        ? unsubscribeHeaders(request.unsubscribeUrl)
        : { 'Auto-Submitted': 'auto-generated' },
    purpose: `alert-${request.kind}`,
  }
}

export function alertMail(
  site: MailSite,
  subscription: Subscription,
  items: AlertMailItem[],
  { unsubscribeUrl, date }: { unsubscribeUrl: string; date: string },
): MailMessage {
  const isDigest = subscription.frequency === 'daily'
  const count = `${items.length}条新信息符合您的订阅`
  const subject = isDigest
    ? `每日汇总（${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日）：${count}`
    : items.length === 1
      ? `新信息提醒：${items[0]!.title}`
      : `新信息提醒：${count}`
  const withUrls = items.map((item) => ({
    title: item.title,
    url: `${site.baseUrl}${item.path}`,
    detail: `发布时间：${item.publishTime.slice(0, 16)}`,
  }))
  const parts: MailPart[] = [
    { text: '您好：' },
    {
      text: isDigest
        ? `以下是${site.platformName}自上次汇总以来发布的、符合您订阅条件的新信息（每天${ALERT_DIGEST_HOUR}时发送）。`
        : `${site.platformName}发布了符合您订阅条件的新信息。`,
    },
    { facts: describeAlertFilters(subscription.filters) },
    { items: withUrls },
    {
      link: `${site.baseUrl}${alertListPath(subscription.filters)}`,
      label: '查看全部符合条件的信息',
    },
    {
      link: unsubscribeUrl,
      label: '退订此提醒（退订后即删除您的邮箱地址）',
    },
    footer(site),
  ]
  return {
    to: subscription.email,
    subject: `${subject} - ${site.platformName}`,
    ...renderMailParts(parts),
    headers: unsubscribeHeaders(unsubscribeUrl),
    purpose: isDigest ? 'alert-digest' : 'alert',
  }
}
