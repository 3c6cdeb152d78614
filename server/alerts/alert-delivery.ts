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
const ALERT_RECORD_DAYS = 30

type AlertDeliveryDeps = AlertSendingDeps

export async function runAlertDelivery(deps: AlertDeliveryDeps): Promise<void> {
  await purgeExpiredConfirmations(deps.db, toShanghaiText(deps.now()))
  await sendRequestMails(deps)
  await matchNewItems(deps)
  await sendDueAlerts(deps)
}

export async function pruneAlertHistory(
  deps: Pick<AlertDeliveryDeps, 'db' | 'now'>,
) {
  const at = deps.now().getTime()
  await pruneAlertRecords(deps.db, {
    itemsBefore: toShanghaiText(new Date(at - (ALERT_NEWS_DAYS + 1) * DAY_MS)),
    deliveriesBefore: toShanghaiText(new Date(at - ALERT_RECORD_DAYS * DAY_MS)),
  })
}
