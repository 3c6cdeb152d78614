import type { StaffAction } from '#common/schemas/complaint/complaint-staff.ts'

/**
 * The department's staff roles, by their Chinese names (what the console shows and the audit
 * log records). A person may hold several, except 系统管理员 together with 审计员: whoever
 * administers the accounts must not also be the one who reads what they did.
 */
export const STAFF_ROLES = [
  '系统管理员',
  '投诉处理',
  '投诉负责人',
  '内容编辑',
  '内容审核',
  '审计员',
  '监督检查',
  '交易平台推送',
] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const ROLE_ADMIN: StaffRole = '系统管理员'
export const ROLE_HANDLER: StaffRole = '投诉处理'
export const ROLE_HEAD: StaffRole = '投诉负责人'
export const ROLE_AUDITOR: StaffRole = '审计员'
/** Handles the 监督预警 queue: the warnings computed from the tenders' facts. */
export const ROLE_SUPERVISOR: StaffRole = '监督检查'
/**
 * A trading platform's account: its personal API token, scoped to this role, pushes OCDS release
 * packages (POST /staff-api/ocds/release-packages, docs/api/ocds-import.md) and does nothing else.
 */
export const ROLE_PLATFORM_PUSH: StaffRole = '交易平台推送'

export const EXCLUSIVE_ROLE_PAIRS: [StaffRole, StaffRole][] = [
  [ROLE_ADMIN, ROLE_AUDITOR],
]

/** docs/api/staff-api.md, Roles: exactly one role per action. */
export const COMPLAINT_ACTION_ROLE: Record<StaffAction, StaffRole> = {
  sign: ROLE_HANDLER,
  accept: ROLE_HANDLER,
  refuse: ROLE_HANDLER,
  transfer: ROLE_HANDLER,
  'request-material': ROLE_HANDLER,
  'record-transcript': ROLE_HANDLER,
  'suspend-activity': ROLE_HANDLER,
  'resume-activity': ROLE_HANDLER,
  'pause-clock': ROLE_HANDLER,
  'resume-clock': ROLE_HANDLER,
  extend: ROLE_HEAD,
  decide: ROLE_HEAD,
  'grant-withdrawal': ROLE_HEAD,
  'refuse-withdrawal': ROLE_HEAD,
  publish: ROLE_HEAD,
}
export const FEEDBACK_REPLY_ROLE: StaffRole = ROLE_HANDLER
export const COMPLAINT_READ_ROLES: StaffRole[] = [ROLE_HANDLER, ROLE_HEAD]

/** A session ends 30 minutes after its last request, and 12 hours after sign-in in any case. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000
export const STAFF_SESSION_MAX_MS = 12 * 3600_000
/**
 * Wrong sign-ins slow the next try rather than lock anyone out (NIST SP 800-63B §5.2.2): after
 * `free` failures counted over `windowMs`, the next try waits 1 s, then 2, 4 … up to `capMs`
 * after the latest failure. `pair` is one address trying one name, `address` one address trying
 * any names, `account` one name from every address; the last stops only addresses the account
 * has not signed in from lately, so its owner still gets in while others guess
 * (docs/decisions/0069-throttle-sign-ins-not-lock-accounts.md).
 */
export const SIGN_IN_THROTTLES = {
  pair: { free: 5, capMs: 5 * 60_000, windowMs: 24 * 3600_000 },
  address: { free: 30, capMs: 5 * 60_000, windowMs: 3600_000 },
  account: { free: 10, capMs: 60_000, windowMs: 24 * 3600_000 },
} as const
/** An address the account signed in from within this time is the owner's: see above. */
export const STAFF_KNOWN_PLACE_MS = 90 * 24 * 3600_000
/** From this many failures since the last sign-in the person is told at the next one. */
export const STAFF_FAILURE_NOTICE_AT = 5
/** A setup link works once, for 24 hours. */
export const STAFF_SETUP_LINK_MS = 24 * 3600_000
/**
 * A personal API token works for the days chosen when it is made: these are offered, 90 unless
 * another is chosen, never more than 365 (a lost token stops working by itself).
 */
export const STAFF_TOKEN_LIFETIME_DAYS = [30, 90, 180, 365] as const
export const STAFF_TOKEN_DEFAULT_DAYS = 90
export const STAFF_TOKEN_MAX_DAYS = 365
export const STAFF_PASSWORD_MIN_LENGTH = 12
export const STAFF_TOTP_ISSUER = '水利招投标监督平台'

/**
 * Every refused password sign-in, whatever was wrong: the answer must not tell whether a name
 * exists or a password was right without its code.
 */
export const SIGN_IN_REFUSED =
  '账号、密码或动态验证码错误，请核对后重新输入（每个动态验证码只能使用一次）；如仍无法登录，请联系系统管理员'

/** A throttled sign-in, the same for every name, known or not. */
export const signInThrottled = (seconds: number) =>
  `尝试次数过多，请在${seconds}秒后重试`

/** What the person is told at the sign-in after repeated failures on their account. */
export const failedSignInsNotice = (failures: {
  count: number
  lastAt: string
  lastAddress: string
}) =>
  `自上次登录以来，您的账号有${failures.count}次登录失败，最近一次来自${failures.lastAddress}（${failures.lastAt}）。如非本人操作，请修改密码并告知系统管理员。`

/** The sign-in page's button for the department's identity provider, unless OIDC_LABEL says. */
export const OIDC_DEFAULT_LABEL = '统一身份认证登录'
/** A sign-in begun at the identity provider must come back within 10 minutes, once. */
export const OIDC_STATE_MS = 10 * 60_000

/** Only these codes are shown, so a link cannot make the sign-in page say a text of its choosing. */
export const OIDC_REFUSALS = {
  'oidc-unlinked':
    '您的统一身份认证账号尚未关联本系统的工作人员账号，请联系系统管理员关联后再登录',
  'oidc-disabled': '该账号已停用，请联系系统管理员',
  'oidc-expired':
    '登录请求已失效或已使用（须在10分钟内、在同一浏览器中完成），请重新登录',
  'oidc-denied': '已在统一身份认证页面取消登录',
  'oidc-failed':
    '统一身份认证未能完成登录，请重试；如仍不成功，请使用账号密码登录',
  'oidc-unavailable':
    '暂时无法连接统一身份认证服务，请稍后再试或使用账号密码登录',
} as const
export type OidcRefusalCode = keyof typeof OIDC_REFUSALS

/**
 * Deadline reminders (server/complaints/reminders/): the working days before a statutory
 * deadline a person may choose to be reminded on (0 is the day itself), and the choice of
 * anyone who has not made one. Reminders and the morning digest go from this hour, Beijing time.
 */
export const REMINDER_DAY_CHOICES = [0, 1, 2, 3, 5] as const
export const REMINDER_DEFAULT_DAYS = [1, 0]
export const REMINDER_HOUR = 8
/** A code confirming an e-mail address or mobile number works 10 minutes, for 5 tries. */
export const CONTACT_CODE_MS = 10 * 60_000
export const CONTACT_CODE_TRIES = 5
/** A new code for the same channel at most once a minute, and ten codes a day in all. */
export const CONTACT_CODE_RESEND_MS = 60_000
export const CONTACT_CODES_PER_DAY = 10
