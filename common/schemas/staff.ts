import { z } from 'zod'

import { STAFF_ROLES } from '#common/constants/staff.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'

/* The staff console's requests and answers (/staff-api, docs/api/staff-api.md). */

export const StaffRoleSchema = z.enum(STAFF_ROLES, {
  error: `角色须为：${STAFF_ROLES.join('、')}`,
})
const roles = z.array(StaffRoleSchema).max(STAFF_ROLES.length)
const accountName = z
  .string({ error: '请输入账号名' })
  .trim()
  .min(1, '请输入账号名')
  .max(32, '账号名不能超过32个字符')
const password = z
  .string({ error: '请输入密码' })
  .min(1, '请输入密码')
  .max(128, '密码不能超过128个字符')
const code = z
  .string({ error: '请输入动态验证码' })
  .trim()
  .regex(/^\d{6}$/, '动态验证码为6位数字')
const setupToken = z
  .string({ error: '缺少设置链接的令牌' })
  .regex(/^[A-Za-z0-9_-]{43}$/, '设置链接无效，请核对链接或联系系统管理员')

export const SignInSchema = z.object({ accountName, password, code })
export const SetupTokenQuerySchema = z.object({ token: setupToken })
export const SetupPasswordSchema = z.object({ token: setupToken, password })
export const SetupCodeSchema = z.object({ token: setupToken, code })
export const ChangePasswordSchema = z.object({
  currentPassword: password,
  newPassword: password,
})
export const CodeSchema = z.object({ code })

export const StaffAccountSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  displayName: z.string(),
  roles: z.array(StaffRoleSchema),
  isEnrolled: z.boolean(),
  isDisabled: z.boolean(),
  /** Until when five wrong tries lock it; null when not locked. */
  lockedUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const SessionAnswerSchema = z.object({
  account: StaffAccountSchema,
  /** Send it as `X-CSRF-Token` with every state-changing request. */
  csrfToken: z.string(),
})

export const SetupInfoSchema = z.object({
  accountName: z.string(),
  displayName: z.string(),
  expiresAt: z.string(),
})
export const TotpEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator app. */
  secret: z.string(),
  /** otpauth:// URI, to show as a QR code. */
  otpauthUri: z.string(),
})

export const CreateAccountSchema = z.object({
  accountName,
  displayName: z
    .string({ error: '请输入姓名' })
    .trim()
    .min(1, '请输入姓名')
    .max(50, '姓名不能超过50个字符'),
  roles,
})
export const AccountWithLinkSchema = z.object({
  account: StaffAccountSchema,
  /** The one-time setup link (24 hours): pass it to the person, it is not shown again. */
  setupUrl: z.string(),
})
export const SetRolesSchema = z.object({ roles })
export const SetDisabledSchema = z.object({ isDisabled: z.boolean() })
export const AccountIdParamsSchema = z.object({
  id: z.coerce.number({ error: '账号编号无效' }).int().positive('账号编号无效'),
})
export const OpenSessionSchema = z.object({
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  address: z.string(),
})

export const CreateApiTokenSchema = z.object({
  name: z
    .string({ error: '请输入令牌名称' })
    .trim()
    .min(1, '请输入令牌名称')
    .max(50, '令牌名称不能超过50个字符'),
  roles: roles.min(1, '请至少选择一个角色'),
})
export const ApiTokenSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
})
export const CreatedApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  /** Shown once: only its hash is stored. */
  token: z.string(),
})

const time = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/,
    '时间格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss',
  )
export const AuditQuerySchema = PageQuerySchema.extend({
  accountName: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  from: time.optional(),
  to: time.optional(),
})
export const AuditExportQuerySchema = AuditQuerySchema.omit({
  pageNo: true,
  pageSize: true,
})
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  occurredAt: z.string(),
  accountName: z.string(),
  roles: z.array(z.string()),
  address: z.string(),
  action: z.string(),
  target: z.string(),
  outcome: z.enum(['ok', 'refused']),
  detail: z.record(z.string(), z.unknown()),
})
export const AuditPageSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
})
export const OkSchema = z.object({ ok: z.literal(true) })
