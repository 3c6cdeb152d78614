import type { Kysely } from 'kysely'

import type { AlertFilters } from '#common/alert-filters.ts'
import {
  ALERT_CONFIRM_HOURS,
  ALERT_MESSAGES,
  type AlertFrequency,
} from '#common/constants/alerts.ts'
import { isUniqueViolation } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import {
  fromShanghaiText,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'

import { type AlertLinkSigner, randomHandle } from './alert-links.ts'
import { filterKeyOf } from './alert-match.ts'
import {
  countSubscriptionsOf,
  deleteSubscription,
  findSubscriptionBySearch,
  findSubscriptionByUid,
  insertSubscription,
  updateSubscription,
} from './alerts-repository.ts'

// At most one mail about one address and search within this time, however often asked.
const ALERT_REQUEST_WINDOW_MS = 10 * 60_000
// Past it a request is answered as any other and changes nothing: the answer must not tell how
// many an address has.
export const ALERT_SEARCHES_PER_ADDRESS = 20

const HOUR_MS = 60 * 60_000

type AlertServiceDeps = {
  db: Kysely<Database>
  signer: AlertLinkSigner
  now: () => Date
  wake: () => void
}

type AlertRequest = {
  email: string
  frequency: AlertFrequency
  filters: AlertFilters
}

// A request is answered the same whether the address is new, subscribed, waiting or over its
// count, and never waits for a mail: whoever asks learns nothing about the address.
export function createAlertService({
  db,
  signer,
  now,
  wake,
}: AlertServiceDeps) {
  const stamp = (date: Date) => toShanghaiText(date)
  const expiry = (at: Date) =>
    stamp(new Date(at.getTime() + ALERT_CONFIRM_HOURS * HOUR_MS))

  async function subscribe({ email, frequency, filters }: AlertRequest) {
    const at = now()
    const filterKey = filterKeyOf(filters)
    const existing = await findSubscriptionBySearch(db, email, filterKey)
    if (
      existing?.mailAskedAt &&
      at.getTime() - fromShanghaiText(existing.mailAskedAt).getTime() <
        ALERT_REQUEST_WINDOW_MS
    )
      return
    const mail = {
      mailAskedAt: stamp(at),
      mailDueAt: stamp(at),
      mailAttempts: 0,
    }
    const confirmation = {
      confirmNonce: randomHandle(),
      confirmFrequency: frequency,
      confirmExpiresAt: expiry(at),
    }
    if (!existing) {
      if ((await countSubscriptionsOf(db, email)) >= ALERT_SEARCHES_PER_ADDRESS)
        return
      try {
        await insertSubscription(db, {
          uid: randomHandle(),
          email,
          filterKey,
          scope: filters.scope,
          keyword: filters.keyword,
          searchType: filters.type,
          category: filters.category,
          region: filters.region,
          stage: filters.stage,
          frequency,
          confirmedAt: null,
          ...confirmation,
          ...mail,
          createdAt: stamp(at),
        })
      } catch (error) {
        // The same request twice at once: the other one asked for the mail.
        if (isUniqueViolation(error)) return
        throw error
      }
    } else if (!existing.confirmedAt) {
      // A new link replaces the one mailed before.
      await updateSubscription(db, existing.id, {
        ...confirmation,
        frequency,
        ...mail,
      })
    } else if (existing.frequency === frequency) {
      await updateSubscription(db, existing.id, {
        confirmNonce: null,
        confirmFrequency: null,
        confirmExpiresAt: null,
        ...mail,
      })
    } else
      await updateSubscription(db, existing.id, { ...confirmation, ...mail })
    wake()
  }

  async function rowOf(
    token: string,
    isValid: (row: { uid: string; confirmNonce: string | null }) => boolean,
    message: string,
  ) {
    const uid = signer.uidOf(token)
    const row = uid ? await findSubscriptionByUid(db, uid) : undefined
    if (!row || !isValid(row)) throw new Refusal(404, message)
    return row
  }

  async function confirm(token: string): Promise<void> {
    const row = await rowOf(
      token,
      ({ uid, confirmNonce }) =>
        confirmNonce !== null &&
        signer.isConfirmToken(token, uid, confirmNonce),
      ALERT_MESSAGES.invalidConfirm,
    )
    const nonce = row.confirmNonce!
    const at = now()
    if (fromShanghaiText(row.confirmExpiresAt!).getTime() <= at.getTime()) {
      // As the purge would: an unconfirmed request goes, address and all.
      if (row.confirmedAt) {
        await updateSubscription(
          db,
          row.id,
          {
            confirmNonce: null,
            confirmFrequency: null,
            confirmExpiresAt: null,
          },
          { confirmNonce: nonce },
        )
      } else await deleteSubscription(db, row.id)
      throw new Refusal(410, ALERT_MESSAGES.expiredConfirm)
    }
    const isConfirmed = await updateSubscription(
      db,
      row.id,
      {
        confirmedAt: row.confirmedAt ?? stamp(at),
        frequency: row.confirmFrequency ?? row.frequency,
        confirmNonce: null,
        confirmFrequency: null,
        confirmExpiresAt: null,
        // Its mail, if still being retried, has nothing left to ask.
        mailDueAt: null,
      },
      { confirmNonce: nonce },
    )
    // Confirmed a moment ago through the same link (a double click).
    if (!isConfirmed) throw new Refusal(404, ALERT_MESSAGES.invalidConfirm)
  }

  async function unsubscribe(token: string): Promise<void> {
    const row = await rowOf(
      token,
      ({ uid }) => signer.isUnsubscribeToken(token, uid),
      ALERT_MESSAGES.invalidUnsubscribe,
    )
    if (!(await deleteSubscription(db, row.id)))
      throw new Refusal(404, ALERT_MESSAGES.invalidUnsubscribe)
  }

  return { subscribe, confirm, unsubscribe }
}

export type AlertService = ReturnType<typeof createAlertService>
