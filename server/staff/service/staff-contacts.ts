import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'

import {
  CONTACT_CODE_MS,
  CONTACT_CODE_RESEND_MS,
  CONTACT_CODE_TRIES,
  CONTACT_CODES_PER_DAY,
  STAFF_TOTP_ISSUER,
} from '#common/constants/staff.ts'
import type {
  ContactChannel,
  StaffContacts,
} from '#common/schemas/staff-contacts.ts'
import { parseReminderDays } from '#common/reminder-days.ts'
import { maskEmail, MailRefusal } from '#server/shared/mail-sender.ts'
import {
  fromShanghaiText,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { maskPhone } from '#server/shared/sms-sender.ts'

import { updateAccount } from '../staff-repository.ts'
import { audit, refuse } from './staff-audit.ts'
import {
  accountOrRefuse,
  type RequestPlace,
  type StaffActor,
  type StaffContext,
} from './staff-context.ts'

// A person's e-mail address and mobile number carry the deadline reminders
// (server/complaints/reminders/): each is taken only once a code sent to it comes back, so a
// reminder never goes to a mistyped address or someone else's number. Until then the confirmed
// one, if any, stays in use.

const CHANNEL_NAME: Record<ContactChannel, string> = {
  email: '邮箱',
  mobile: '手机号',
}

const maskContact = (channel: ContactChannel, value: string) =>
  channel === 'email' ? maskEmail(value) : maskPhone(value)

function codeHash(
  context: StaffContext,
  accountId: number,
  channel: ContactChannel,
  value: string,
  code: string,
) {
  return createHmac('sha256', context.contactCodeKey)
    .update(`${accountId}\n${channel}\n${value}\n${code}`)
    .digest('hex')
}

const pendingCode = (
  context: StaffContext,
  accountId: number,
  channel: ContactChannel,
) =>
  context.db
    .selectFrom('staffContactCode')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('channel', '=', channel)
    .executeTakeFirst()

export async function contactsOf(
  context: StaffContext,
  accountId: number,
): Promise<StaffContacts> {
  const account = await accountOrRefuse(context, accountId)
  const codes = await context.db
    .selectFrom('staffContactCode')
    .selectAll()
    .where('accountId', '=', accountId)
    .where('expiresAt', '>', context.stamp())
    .execute()
  const pending = (channel: ContactChannel) => {
    const row = codes.find((code) => code.channel === channel)
    return row
      ? { value: row.value, sentAt: row.sentAt, expiresAt: row.expiresAt }
      : null
  }
  return {
    email: account.email ?? null,
    mobile: account.mobile ?? null,
    pending: { email: pending('email'), mobile: pending('mobile') },
    reminderDays: parseReminderDays(account.reminderDays),
  }
}

function codeMessage(channel: ContactChannel, code: string, value: string) {
  const text = `您正在${STAFF_TOTP_ISSUER}管理控制台登记此${CHANNEL_NAME[channel]}，用于接收投诉处理期限提醒，验证码为${code}，${CONTACT_CODE_MS / 60_000}分钟内有效。如非本人操作，请忽略。`
  return channel === 'email'
    ? {
        kind: 'mail' as const,
        message: {
          to: value,
          subject: `【${STAFF_TOTP_ISSUER}】邮箱验证码`,
          text,
          html: `<p>${text}</p>`,
          purpose: 'staff-contact-code',
        },
      }
    : {
        kind: 'sms' as const,
        message: {
          phone: value,
          text: `【${STAFF_TOTP_ISSUER}】${text}`,
          purpose: 'staff-contact-code',
        },
      }
}

// Sent at once rather than through an outbox: the person waits for it, and is told if it failed.
export async function beginContact(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  { channel, value }: { channel: ContactChannel; value: string },
) {
  const { db, now, stamp } = context
  const account = await accountOrRefuse(context, actor.accountId)
  const note = {
    actor,
    address: place.address,
    action: 'self.contact-begin',
    target: actor.accountName,
    detail: { channel, to: maskContact(channel, value) },
  }
  if ((channel === 'email' ? account.email : account.mobile) === value)
    return refuse(
      context,
      note,
      new Refusal(409, `该${CHANNEL_NAME[channel]}已确认，无需再次验证`),
    )
  const earlier = await pendingCode(context, actor.accountId, channel)
  if (earlier) {
    const waitMs =
      fromShanghaiText(earlier.sentAt).getTime() +
      CONTACT_CODE_RESEND_MS -
      now().getTime()
    if (waitMs > 0)
      throw new Refusal(
        429,
        `验证码已发送，请在${Math.ceil(waitMs / 1000)}秒后再重新获取`,
      )
  }
  // Nobody's phone or mailbox is to be flooded from a console: the day's codes are counted in
  // the audit log, where each one sent is.
  const dayAgo = toShanghaiText(new Date(now().getTime() - 24 * 3600_000))
  const { sent } = await db
    .selectFrom('staffAudit')
    .select((eb) => eb.fn.countAll<number>().as('sent'))
    .where('accountId', '=', actor.accountId)
    .where('action', '=', 'self.contact-begin')
    .where('outcome', '=', 'ok')
    .where('occurredAt', '>', dayAgo)
    .executeTakeFirstOrThrow()
  if (Number(sent) >= CONTACT_CODES_PER_DAY)
    throw new Refusal(
      429,
      `24小时内最多获取${CONTACT_CODES_PER_DAY}次验证码，请明天再试；如有急需，请联系系统管理员`,
    )
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const sentAt = stamp()
  const expiresAt = toShanghaiText(new Date(now().getTime() + CONTACT_CODE_MS))
  const outgoing = codeMessage(channel, code, value)
  try {
    if (outgoing.kind === 'mail') {
      if (!context.mail) throw new Error('no mail sender')
      await context.mail.send(outgoing.message)
    } else {
      if (!context.sms) throw new Error('no SMS sender')
      await context.sms.send(outgoing.message)
    }
  } catch (error) {
    // A mail server that refuses the mailbox refuses what was typed; anything else is ours.
    const isAddressRefused = error instanceof MailRefusal && error.isPermanent
    return refuse(
      context,
      note,
      isAddressRefused
        ? new Refusal(
            400,
            '对方邮件服务器拒收，验证码未能送达该邮箱，请核对邮箱地址',
          )
        : new Refusal(
            503,
            `验证码暂时未能发送到该${CHANNEL_NAME[channel]}，请稍后重试；如仍不成功，请联系系统管理员`,
          ),
    )
  }
  // Written after it went: a code that never left must not hold back the next try.
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('staffContactCode')
      .where('accountId', '=', actor.accountId)
      .where('channel', '=', channel)
      .execute()
    await trx
      .insertInto('staffContactCode')
      .values({
        accountId: actor.accountId,
        channel,
        value,
        codeHash: codeHash(context, actor.accountId, channel, value, code),
        sentAt,
        expiresAt,
      })
      .execute()
  })
  await audit(context, note)
  return { ok: true as const, sentTo: maskContact(channel, value), expiresAt }
}

export async function confirmContact(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  { channel, code }: { channel: ContactChannel; code: string },
) {
  const { db, stamp } = context
  const row = await pendingCode(context, actor.accountId, channel)
  const note = {
    actor,
    address: place.address,
    action: 'self.contact-confirm',
    target: actor.accountName,
    detail: {
      channel,
      to: row ? maskContact(channel, row.value) : null,
    },
  }
  if (!row)
    throw new Refusal(409, `请先填写${CHANNEL_NAME[channel]}并获取验证码`)
  if (row.expiresAt <= stamp())
    return refuse(context, note, new Refusal(409, '验证码已过期，请重新获取'))
  if (row.tries >= CONTACT_CODE_TRIES)
    return refuse(
      context,
      note,
      new Refusal(429, '验证码输入错误次数过多，请重新获取'),
    )
  const expected = Buffer.from(row.codeHash, 'hex')
  const given = Buffer.from(
    codeHash(context, actor.accountId, channel, row.value, code),
    'hex',
  )
  if (!timingSafeEqual(expected, given)) {
    // One statement, so two wrong tries at once both count.
    await db
      .updateTable('staffContactCode')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('accountId', '=', actor.accountId)
      .where('channel', '=', channel)
      .execute()
    const left = CONTACT_CODE_TRIES - row.tries - 1
    return refuse(
      context,
      note,
      new Refusal(
        400,
        left > 0
          ? `验证码错误，还可再试${left}次`
          : '验证码输入错误次数过多，请重新获取',
      ),
    )
  }
  await db.transaction().execute(async (trx) => {
    await updateAccount(
      trx,
      actor.accountId,
      channel === 'email' ? { email: row.value } : { mobile: row.value },
      stamp(),
    )
    await trx
      .deleteFrom('staffContactCode')
      .where('accountId', '=', actor.accountId)
      .where('channel', '=', channel)
      .execute()
  })
  await audit(context, note)
  return contactsOf(context, actor.accountId)
}

export async function removeContact(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  channel: ContactChannel,
) {
  const { db, stamp } = context
  const account = await accountOrRefuse(context, actor.accountId)
  const value = channel === 'email' ? account.email : account.mobile
  await db.transaction().execute(async (trx) => {
    await updateAccount(
      trx,
      actor.accountId,
      channel === 'email' ? { email: null } : { mobile: null },
      stamp(),
    )
    await trx
      .deleteFrom('staffContactCode')
      .where('accountId', '=', actor.accountId)
      .where('channel', '=', channel)
      .execute()
  })
  await audit(context, {
    actor,
    address: place.address,
    action: 'self.contact-remove',
    target: actor.accountName,
    detail: { channel, to: value ? maskContact(channel, value) : null },
  })
  return contactsOf(context, actor.accountId)
}

export async function setReminderDays(
  context: StaffContext,
  actor: StaffActor,
  place: RequestPlace,
  days: number[],
) {
  const sorted = [...days].sort((a, b) => b - a)
  await updateAccount(
    context.db,
    actor.accountId,
    { reminderDays: sorted.join(',') },
    context.stamp(),
  )
  await audit(context, {
    actor,
    address: place.address,
    action: 'self.reminders',
    target: actor.accountName,
    detail: { days: sorted },
  })
  return contactsOf(context, actor.accountId)
}
