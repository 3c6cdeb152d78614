import { toShanghaiText } from '#server/shared/publish-time.ts'

import { ALERT_NEWS_DAYS, matchNewItems } from './alert-matching.ts'
import {
  type AlertSendingDeps,
  sendDueAlerts,
  sendRequestMails,
} from './alert-sending.ts'
import {
  pruneAlertRecords,
  purgeExpiredConfirmations,
} from './alerts-repository.ts'

const DAY_MS = 24 * 60 * 60_000
/** How long the record of what was sent is kept once closed. */
const ALERT_RECORD_DAYS = 30

type AlertDeliveryDeps = AlertSendingDeps

/**
 * One run of the alerts' job (alert-job.ts runs it in one process at a time): expired
 * confirmations purged, the mails subscription requests asked for sent, what was published
 * since the last run matched against the confirmed searches (alert-matching.ts), and the
 * alerts due sent (alert-sending.ts: at once for 即时提醒, at the digest hour for 每日汇总).
 */
export async function runAlertDelivery(deps: AlertDeliveryDeps): Promise<void> {
  await purgeExpiredConfirmations(deps.db, toShanghaiText(deps.now()))
  await sendRequestMails(deps)
  await matchNewItems(deps)
  await sendDueAlerts(deps)
}

/** Forgets the items too old to match again and the deliveries closed long ago. */
export async function pruneAlertHistory(
  deps: Pick<AlertDeliveryDeps, 'db' | 'now'>,
) {
  const at = deps.now().getTime()
  await pruneAlertRecords(deps.db, {
    itemsBefore: toShanghaiText(new Date(at - (ALERT_NEWS_DAYS + 1) * DAY_MS)),
    deliveriesBefore: toShanghaiText(new Date(at - ALERT_RECORD_DAYS * DAY_MS)),
  })
}
