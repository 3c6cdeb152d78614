import { z } from 'zod'

import { REMINDER_DAY_CHOICES } from '#common/constants/staff.ts'
import { MobilePhoneSchema } from '#common/schemas/complaint/complaint-fields.ts'

const EMAIL_MESSAGE = '请填写正确的电子邮箱地址'

export const ContactChannelSchema = z.enum(['email', 'mobile'], {
  error: '联系方式只能是电子邮箱或手机号码',
})
export type ContactChannel = z.infer<typeof ContactChannelSchema>

/** Kept trimmed and in lower case: one mailbox, one spelling. */
export const StaffEmailSchema = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .max(254, EMAIL_MESSAGE)
  .toLowerCase()
  .pipe(z.email(EMAIL_MESSAGE))

/** POST /staff-api/me/contacts: a code goes to the new address or number. */
export const BeginContactSchema = z.discriminatedUnion(
  'channel',
  [
    z.object({ channel: z.literal('email'), value: StaffEmailSchema }),
    z.object({ channel: z.literal('mobile'), value: MobilePhoneSchema }),
  ],
  { error: '联系方式只能是电子邮箱或手机号码' },
)

/** POST /staff-api/me/contacts/confirm */
export const ConfirmContactSchema = z.object({
  channel: ContactChannelSchema,
  code: z
    .string({ error: '请输入验证码' })
    .trim()
    .regex(/^\d{6}$/, '验证码为6位数字'),
})

export const ContactChannelParamsSchema = z.object({
  channel: ContactChannelSchema,
})

const DAYS_MESSAGE = `提醒时间只能选：当天或${REMINDER_DAY_CHOICES.filter((day) => day > 0).join('、')}个工作日前`

/** PUT /staff-api/me/reminders: at least one day, each offered once. */
export const ReminderSettingsSchema = z.object({
  days: z
    .array(
      z
        .number({ error: DAYS_MESSAGE })
        .int(DAYS_MESSAGE)
        .refine(
          (day) => (REMINDER_DAY_CHOICES as readonly number[]).includes(day),
          DAYS_MESSAGE,
        ),
      { error: '请至少选择一个提醒时间' },
    )
    .min(1, '请至少选择一个提醒时间')
    .max(REMINDER_DAY_CHOICES.length, '提醒时间重复')
    .refine((days) => new Set(days).size === days.length, '提醒时间重复'),
})

const PendingContactSchema = z.object({
  value: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
})

/** GET /staff-api/me/contacts: confirmed values, any code awaiting its answer, the reminder days. */
export const StaffContactsSchema = z.object({
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  pending: z.object({
    email: PendingContactSchema.nullable(),
    mobile: PendingContactSchema.nullable(),
  }),
  reminderDays: z.array(z.number().int()),
})
export type StaffContacts = z.infer<typeof StaffContactsSchema>

export const ContactCodeSentSchema = z.object({
  ok: z.literal(true),
  sentTo: z.string(),
  expiresAt: z.string(),
})
