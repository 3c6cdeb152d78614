import { randomBytes } from 'node:crypto'

import type { Kysely } from 'kysely'

import type { Database } from '#server/db/schema.ts'
import { findSearchEntriesByRef } from '#server/search/search-repository.ts'
import { findSiteSettings } from '#server/site/site-settings.ts'
import {
  type MailMessage,
  MailRefusal,
  type MailSender,
} from '#server/shared/mail-sender.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import type { AlertLinkSigner } from './alert-links.ts'
import { alertMail, type MailSite, requestMail } from './alert-mails.ts'
import { filtersOfRow, itemPath } from './alert-match.ts'
import {
  claimDueDeliveries,
  findDueSubscriptionMails,
  findSubscriptionById,
  findSubscriptionsWithDueDeliveries,
  settleDeliveries,
  type SubscriptionRow,
  updateSubscription,
} from './alerts-repository.ts'

const MINUTE_MS = 60_000
const ITEMS_PER_MAIL = 50
const MAILS_PER_PASS = 20
const MAX_PASSES = 20
// Longer than one SMTP conversation may take.
const CLAIM_MS = 2 * MINUTE_MS
/** A failed mail is tried again after 1 minute, doubled each time, at most an hour apart… */
const FIRST_RETRY_MS = MINUTE_MS
const LONGEST_RETRY_MS = 60 * MINUTE_MS
/** …for about a day (an alert), or a few hours (a confirmation, which another request renews). */
const ALERT_ATTEMPTS = 30
const REQUEST_MAIL_ATTEMPTS = 8

export type AlertSendingDeps = {
  db: Kysely<Database>
  mail: MailSender
  signer: AlertLinkSigner
  now: () => Date
  baseUrl: string
  log: {
    warn(object: object, message: string): void
    error(object: object, message: string): void
  }
}

const retryPause = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS)

async function siteOf(deps: AlertSendingDeps): Promise<MailSite> {
  const { platformName } = await findSiteSettings(deps.db)
  return { platformName, baseUrl: deps.baseUrl }
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 200)

export async function sendRequestMails(deps: AlertSendingDeps): Promise<void> {
  const { db, signer, now } = deps
  const due = await findDueSubscriptionMails(
    db,
    toShanghaiText(now()),
    MAILS_PER_PASS,
  )
  if (due.length === 0) return
  const site = await siteOf(deps)
  for (const row of due) {
    const claimed = toShanghaiText(new Date(now().getTime() + CLAIM_MS))
    if (
      !(await updateSubscription(
        db,
        row.id,
        { mailDueAt: claimed },
        { mailDueAt: row.mailDueAt! },
      ))
    )
      continue
    const subscription = {
      email: row.email,
      filters: filtersOfRow(row),
      frequency: row.frequency,
    }
    const link = (path: string, token: string) =>
      `${site.baseUrl}/alerts/${path}?token=${token}`
    const message = row.confirmNonce
      ? requestMail(site, subscription, {
          kind: row.confirmedAt ? 'change' : 'confirm',
          frequency: row.confirmFrequency ?? row.frequency,
          confirmUrl: link(
            'confirm',
            signer.confirmToken(row.uid, row.confirmNonce),
          ),
        })
      : requestMail(site, subscription, {
          kind: 'already',
          unsubscribeUrl: link('unsubscribe', signer.unsubscribeToken(row.uid)),
        })
    await sendOne(deps, row, message, claimed)
  }
}

async function sendOne(
  deps: AlertSendingDeps,
  row: SubscriptionRow,
  message: MailMessage,
  claimed: string,
) {
  try {
    await deps.mail.send(message)
    await updateSubscription(
      deps.db,
      row.id,
      { mailDueAt: null, mailAttempts: 0 },
      { mailDueAt: claimed },
    )
  } catch (error) {
    const attempts = row.mailAttempts + 1
    const isOver =
      attempts >= REQUEST_MAIL_ATTEMPTS ||
      (error instanceof MailRefusal && error.isPermanent)
    deps.log.warn(
      { err: errorText(error), subscriptionId: row.id, attempts, isOver },
      isOver
        ? 'subscription mail given up'
        : 'subscription mail not sent, retried later',
    )
    await updateSubscription(
      deps.db,
      row.id,
      {
        mailAttempts: attempts,
        mailDueAt: isOver
          ? null
          : toShanghaiText(
              new Date(deps.now().getTime() + retryPause(attempts)),
            ),
      },
      { mailDueAt: claimed },
    )
  }
}

// Each delivery is claimed before the mail goes and marked sent after: an item goes once, unless
// the process dies between the server's acceptance and that mark. A 5xx refusal of the address
// is given up at once.
export async function sendDueAlerts(deps: AlertSendingDeps): Promise<void> {
  const { db, now } = deps
  let site: MailSite | undefined
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const time = toShanghaiText(now())
    const subscriptionIds = await findSubscriptionsWithDueDeliveries(
      db,
      time,
      MAILS_PER_PASS,
    )
    if (subscriptionIds.length === 0) return
    site ??= await siteOf(deps)
    for (const subscriptionId of subscriptionIds) {
      const token = randomBytes(16).toString('hex')
      const claimed = await claimDueDeliveries(db, subscriptionId, {
        token,
        time,
        until: toShanghaiText(new Date(now().getTime() + CLAIM_MS)),
        limit: ITEMS_PER_MAIL,
      })
      if (claimed.length === 0) continue
      await sendAlert(deps, site, subscriptionId, token, claimed)
    }
    if (subscriptionIds.length < MAILS_PER_PASS) return
  }
}

async function sendAlert(
  deps: AlertSendingDeps,
  site: MailSite,
  subscriptionId: number,
  token: string,
  claimed: Awaited<ReturnType<typeof claimDueDeliveries>>,
) {
  const { db, now } = deps
  const subscription = await findSubscriptionById(db, subscriptionId)
  if (!subscription) return
  const entries = await findSearchEntriesByRef(
    db,
    claimed.map((d) => ({ type: d.itemType, refId: d.itemRefId })),
  )
  const entryOf = new Map(entries.map((e) => [`${e.type}:${e.refId}`, e]))
  const publicOnes = claimed.filter((d) =>
    entryOf.has(`${d.itemType}:${d.itemRefId}`),
  )
  await settleDeliveries(
    db,
    token,
    claimed.filter((d) => !publicOnes.includes(d)).map((d) => d.id),
    { state: 'withdrawn', lastError: null },
  )
  if (publicOnes.length === 0) return
  const items = publicOnes.map((d) => {
    const entry = entryOf.get(`${d.itemType}:${d.itemRefId}`)!
    return {
      title: entry.title,
      publishTime: entry.publishTime,
      path: itemPath(entry),
    }
  })
  const ids = publicOnes.map((d) => d.id)
  const message = alertMail(
    site,
    {
      email: subscription.email,
      filters: filtersOfRow(subscription),
      frequency: subscription.frequency,
    },
    items,
    {
      unsubscribeUrl: `${site.baseUrl}/alerts/unsubscribe?token=${deps.signer.unsubscribeToken(subscription.uid)}`,
      date: toShanghaiText(now()).slice(0, 10),
    },
  )
  try {
    await deps.mail.send(message)
  } catch (error) {
    const attempts = Math.max(...publicOnes.map((d) => d.attempts))
    const isOver =
      attempts >= ALERT_ATTEMPTS ||
      (error instanceof MailRefusal && error.isPermanent)
    deps.log[isOver ? 'error' : 'warn'](
      { err: errorText(error), subscriptionId, attempts },
      isOver ? 'alert given up' : 'alert not sent, retried later',
    )
    await settleDeliveries(
      db,
      token,
      ids,
      isOver
        ? { state: 'failed', lastError: errorText(error) }
        : {
            state: 'pending',
            dueAt: toShanghaiText(
              new Date(now().getTime() + retryPause(attempts)),
            ),
            lastError: errorText(error),
          },
    )
    return
  }
  await settleDeliveries(db, token, ids, {
    state: 'sent',
    sentAt: toShanghaiText(now()),
  })
}
