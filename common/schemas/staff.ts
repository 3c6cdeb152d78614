import { z } from 'zod'

import {
  STAFF_ROLES,
  STAFF_TOKEN_DEFAULT_DAYS,
  STAFF_TOKEN_MAX_DAYS,
} from '#common/constants/staff.ts'
import { consoleReturnPath } from '#common/console-return-path.ts'
import { PageQuerySchema } from '#common/schemas/paging.ts'

const StaffRoleSchema = z.enum(STAFF_ROLES, {
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
  /** Wrong sign-ins since the person last signed in (they are told at the next one). */
  failedSignIns: z.number().int(),
  /** The identity provider's subject (`sub`) the person signs in with; null: not linked. */
  oidcSubject: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export const SessionAnswerSchema = z.object({
  account: StaffAccountSchema,
  /** Send it as `X-CSRF-Token` with every state-changing request. */
  csrfToken: z.string(),
  /**
   * Milliseconds until the session's longest life (STAFF_SESSION_MAX_MS) is up, as of the
   * answer: a time span, not an instant, so the browser's clock need not agree with the server's.
   */
  endsInMs: z.number().int(),
})

/** The answer to a sign-in: a session, and the failures the person is to be told of. */
export const SignInAnswerSchema = SessionAnswerSchema.extend({
  /** Failures since the last sign-in, when there were enough to tell; else null. */
  failedSignIns: z
    .object({
      count: z.number().int(),
      /** Shanghai time of the latest. */
      lastAt: z.string(),
      lastAddress: z.string(),
    })
    .nullable(),
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
/**
 * The identity provider's subject (`sub`): case-sensitive ASCII, taken exactly as the provider
 * writes it (OpenID Connect Core 2: at most 255; the column holds 200).
 */
export const OidcSubjectSchema = z
  .string({ error: '请输入统一身份认证的用户标识（sub）' })
  .regex(
    /^[\x21-\x7e]{1,200}$/,
    '统一身份认证的用户标识（sub）须为1至200个字母、数字或符号，不含空格',
  )
export const SetOidcSubjectSchema = z.object({
  subject: OidcSubjectSchema.nullable(),
})
/** How many live sessions a request ended. */
export const EndedSessionsSchema = z.object({
  endedSessions: z.number().int(),
})
/** A changed password ends the person's other sessions. */
export const PasswordChangedSchema = EndedSessionsSchema.extend({
  ok: z.literal(true),
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
  /** Days it works, from now. */
  lifetimeDays: z
    .number({ error: `有效期须为1至${STAFF_TOKEN_MAX_DAYS}天` })
    .int(`有效期须为1至${STAFF_TOKEN_MAX_DAYS}天`)
    .min(1, `有效期须为1至${STAFF_TOKEN_MAX_DAYS}天`)
    .max(STAFF_TOKEN_MAX_DAYS, `有效期最长${STAFF_TOKEN_MAX_DAYS}天`)
    .default(STAFF_TOKEN_DEFAULT_DAYS),
})
export const ApiTokenSchema = z.object({
  id: z.number().int(),
  accountName: z.string(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** To the minute; null: never used. */
  lastUsedAt: z.string().nullable(),
  isExpired: z.boolean(),
})
export const CreatedApiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  roles: z.array(StaffRoleSchema),
  expiresAt: z.string(),
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
  /** Part of the target: a complaint's number, a content item's id, a file's name. */
  target: z.string().trim().max(100, '对象不能超过100个字符').optional(),
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
/** How the sign-in page may sign in: the identity provider's button, when it is configured. */
export const SignInOptionsSchema = z.object({
  oidc: z
    .object({
      /** The button's text (OIDC_LABEL). */
      label: z.string(),
      /** A link (not a form: the CSP's form-action would stop the redirect to the provider). */
      startUrl: z.string(),
    })
    .nullable(),
})
export const OidcStartQuerySchema = z.object({
  returnTo: z.unknown().optional().transform(consoleReturnPath),
})
/**
 * The identity provider's answer at the callback (RFC 6749 4.1.2): only its size is checked
 * here, openid-client checks the rest. Bounded so nothing large is carried further.
 */
export const OidcCallbackQuerySchema = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  iss: z.string().max(1000).optional(),
})
export const OkSchema = z.object({ ok: z.literal(true) })
