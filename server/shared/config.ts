import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

import { z } from 'zod'

import { OIDC_DEFAULT_LABEL } from '#common/constants/staff.ts'
import {
  ICP_RECORD_PATTERN,
  PSB_RECORD_PATTERN,
  type SiteMarks,
} from '#common/site-marks.ts'

// proxy-addr's names for ranges (Fastify's trustProxy): 127.0.0.0/8 and ::1, link-local, private.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or a range name of PROXY_RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  const prefix = Number(bits)
  return /^\d{1,3}$/.test(bits) && prefix <= (version === 4 ? 32 : 128)
}

/** Loopback hosts: the only ones an identity provider may be reached at over plain http. */
const LOOPBACK_HOSTS = ['127.0.0.1', '[::1]', 'localhost']

// An empty variable counts as unset, as a deployment's env file writes it.
const optionalText = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().trim().min(1).max(500).optional(),
)

/**
 * The region signed into requests when S3_REGION is not set: S3-compatible servers (MinIO,
 * Ceph, SeaweedFS) accept any region unless configured otherwise, and this is their default.
 */
const S3_DEFAULT_REGION = 'us-east-1'

/**
 * The ocid prefix OCDS data is published under until a deployment sets the one the Open
 * Contracting Partnership registered for it: the prefix of the standard's own worked examples,
 * so that data from an unconfigured portal reads as example data to every OCDS tool and never
 * as another publisher's (docs/decisions/0052-default-ocid-prefix.md).
 */
const OCDS_DEFAULT_OCID_PREFIX = 'ocds-213czf'

const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY',
  'S3_SECRET_KEY',
] as const

/**
 * The portal's configuration, from environment variables (architecture.md, Configuration).
 * Every value has a working default for the embedded start; a secret that is not set is
 * generated at first start and kept in DATA_DIR, never written in the code.
 */
const EnvSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: z.string().optional(),
    PORTAL_API_SECRET: z.string().min(16).optional(),
    PORTAL_AES_KEY: z
      .string()
      .refine((k) => Buffer.byteLength(k) === 16, 'PORTAL_AES_KEY 必须为16字节')
      .optional(),
    REGIONAL_HMAC_SECRET: z.string().min(16).optional(),
    STAFF_API_TOKEN: z.string().min(16).optional(),
    STAFF_SECRET_KEY: z.string().min(32).optional(),
    LINK_API_BASE: z.string().default('/JdPortalApi'),
    PUBLIC_BASE_URL: z
      .url({
        protocol: /^https?$/,
        error: 'PUBLIC_BASE_URL 必须为 http(s) 地址',
      })
      .refine(
        (url) => !/[?#]/.test(url),
        'PUBLIC_BASE_URL 不能带查询参数或锚点',
      )
      .optional(),
    // The marks of a government site (common/site-marks.ts). The defaults are the demo's
    // placeholders in the right format; a deployment sets its own, or '' to show none.
    SITE_IDENTIFIER: z
      .string()
      .trim()
      .regex(
        /^([0-9A-Za-z]{10})?$/,
        'SITE_IDENTIFIER（网站标识码）应为10位字母或数字',
      )
      .default('6500000000'),
    ICP_RECORD: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || ICP_RECORD_PATTERN.test(text),
        'ICP_RECORD 格式应如：新ICP备12345678号 或 新ICP备12345678号-1',
      )
      .default('新ICP备00000000号'),
    PSB_RECORD: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || PSB_RECORD_PATTERN.test(text),
        'PSB_RECORD（公安备案号）格式应如：新公网安备65010202000123号',
      )
      .default('新公网安备65010002000000号'),
    CONAC_MARK_URL: z
      .url({ protocol: /^https$/, error: 'CONAC_MARK_URL 必须为 https 地址' })
      .or(z.literal(''))
      .default(''),
    // Optional sign-in through the department's identity provider (server/staff/oidc-sign-in.ts).
    OIDC_ISSUER: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .url({ protocol: /^https?$/, error: 'OIDC_ISSUER 必须为 http(s) 地址' })
        .refine(
          (url) =>
            url.startsWith('https:') ||
            LOOPBACK_HOSTS.includes(new URL(url).hostname),
          'OIDC_ISSUER 必须为 https 地址（仅本机地址可用 http）',
        )
        .refine((url) => !/[?#]/.test(url), 'OIDC_ISSUER 不能带查询参数或锚点')
        .optional(),
    ),
    OIDC_CLIENT_ID: optionalText,
    // Not trimmed: a secret is taken exactly as given.
    OIDC_CLIENT_SECRET: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().max(500).optional(),
    ),
    OIDC_LABEL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .trim()
        .min(1)
        .max(20, 'OIDC_LABEL（登录按钮文字）不能超过20个字符')
        .default(OIDC_DEFAULT_LABEL),
    ),
    REDIS_URL: z.string().optional(),
    // Files in S3-compatible object storage (server/files/s3-file-storage.ts): all four or none.
    S3_ENDPOINT: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .url({ protocol: /^https?$/, error: 'S3_ENDPOINT 必须为 http(s) 地址' })
        .optional(),
    ),
    S3_BUCKET: optionalText,
    S3_ACCESS_KEY: optionalText,
    // Not trimmed: a secret is taken exactly as given.
    S3_SECRET_KEY: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().max(500).optional(),
    ),
    S3_REGION: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.string().trim().min(1).max(100).default(S3_DEFAULT_REGION),
    ),
    // An ocid prefix is `ocds-` and six characters the OCDS helpdesk assigns (lower-case letters
    // and digits); every ocid of /ocds/ is the prefix, a hyphen and the project's number.
    OCDS_OCID_PREFIX: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .trim()
        .regex(
          /^ocds-[a-z0-9]{6}$/,
          'OCDS_OCID_PREFIX 须为 ocds- 加6位小写字母或数字（开放合同数据标准登记的前缀，如 ocds-213czf）',
        )
        .default(OCDS_DEFAULT_OCID_PREFIX),
    ),
    SMS_PROVIDER: z.string().default('log'),
    // Mail (saved-search alerts, server/shared/mail-sender.ts): unset writes mails to the log.
    SMTP_URL: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .url({
          protocol: /^smtps?$/,
          error: 'SMTP_URL 必须为 smtp:// 或 smtps:// 地址',
        })
        .optional(),
    ),
    MAIL_FROM: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .trim()
        .max(300)
        .refine(
          (text) =>
            /^(?:[^<>]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(text),
          'MAIL_FROM 格式应如：noreply@example.gov.cn 或 平台名称 <noreply@example.gov.cn>',
        )
        .optional(),
    ),
    SIGNING_PROVIDER: z.string().default('builtin'),
    LOG_LEVEL: z.string().default('info'),
    PORTAL_TEST_HOOKS: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== ''),
      )
      .refine(
        (entries) => entries.every(isProxyAddress),
        'TRUST_PROXY 须为逗号分隔的IP地址或网段（如 10.0.0.5,192.168.1.0/24）',
      ),
  })
  .refine(
    (env) =>
      [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every(
        (value) => value === undefined,
      ) ||
      [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].every(
        (value) => value !== undefined,
      ),
    {
      path: ['OIDC_ISSUER'],
      message:
        'OIDC_ISSUER、OIDC_CLIENT_ID、OIDC_CLIENT_SECRET 须同时设置（或都不设置）',
    },
  )
  .refine(
    (env) =>
      S3_VARIABLES.every((name) => env[name] === undefined) ||
      S3_VARIABLES.every((name) => env[name] !== undefined),
    {
      path: ['S3_ENDPOINT'],
      message:
        'S3_ENDPOINT、S3_BUCKET、S3_ACCESS_KEY、S3_SECRET_KEY 须同时设置（或都不设置）',
    },
  )

/** The department's identity provider, for staff sign-in (OpenID Connect). */
export type OidcConfig = {
  /** The issuer identifier: its discovery document is under /.well-known/openid-configuration. */
  issuer: string
  clientId: string
  clientSecret: string
  /** The sign-in page's button text. */
  label: string
}

/** An S3-compatible bucket the files are kept in, addressed path-style (`<endpoint>/<bucket>/<key>`). */
export type S3Config = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
}

export type AppConfig = {
  host: string
  port: number
  dataDir: string
  databaseUrl: string | undefined
  portalApiSecret: string
  portalAesKey: string
  regionalHmacSecret: string
  /** Only for /metrics now; staff act with their own sessions and tokens (server/staff). */
  staffApiToken: string
  /** The key the staff's TOTP secrets are encrypted with at rest (server/staff). */
  staffSecretKey: string
  linkApiBase: string
  /**
   * Where visitors reach the portal, without a trailing slash: canonical links are absolute
   * on it. Default: http://HOST:PORT (127.0.0.1 for a wildcard HOST).
   */
  publicBaseUrl: string
  siteMarks: SiteMarks
  redisUrl: string | undefined
  /** Files in S3-compatible object storage; null keeps them in DATA_DIR/files. */
  s3: S3Config | null
  /** The prefix of every OCDS ocid at /ocds/ (`ocds-` and six characters). */
  ocdsOcidPrefix: string
  smsProvider: string
  /**
   * Where mail goes (smtp:// or smtps://, user and password in the URL); undefined: mails are
   * written to the log (the embedded default).
   */
  smtpUrl: string | undefined
  /** The From of every mail the portal sends: MAIL_FROM, or noreply@ the public host. */
  mailFrom: string
  signingProvider: string
  logLevel: string
  /**
   * Test hooks (e.g. reading a captcha's answer) for the end-to-end tests: only with
   * PORTAL_TEST_HOOKS=1, never by default, whatever NODE_ENV says.
   */
  testHooks: boolean
  /**
   * The reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges); empty: none,
   * every request's address is its TCP peer, whatever headers it carries.
   */
  trustProxy: string[]
  /** Staff sign-in through the identity provider; null when OIDC_* are not set. */
  oidc: OidcConfig | null
}

type GeneratedSecrets = Pick<
  AppConfig,
  | 'portalApiSecret'
  | 'portalAesKey'
  | 'regionalHmacSecret'
  | 'staffApiToken'
  | 'staffSecretKey'
>

function randomText(bytes: number) {
  return randomBytes(bytes).toString('base64url').slice(0, bytes)
}

function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json')
  const kept = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>)
    : {}
  const secrets: GeneratedSecrets = {
    portalApiSecret: kept.portalApiSecret ?? randomText(32),
    portalAesKey: kept.portalAesKey ?? randomText(16),
    regionalHmacSecret: kept.regionalHmacSecret ?? randomText(32),
    staffApiToken: kept.staffApiToken ?? randomText(40),
    // Added later than the others: an existing file gains it, keeping what it holds.
    staffSecretKey: kept.staffSecretKey ?? randomText(43),
  }
  if (Object.keys(secrets).every((key) => key in kept)) return secrets
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  chmodSync(file, 0o600)
  return secrets
}

/** The listening host as a URL writes it: a wildcard address means this machine. */
function hostInUrl(host: string) {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

/**
 * The sender of the portal's mail when MAIL_FROM is not set: noreply at the host visitors use,
 * or at localhost when that host is an address (an address is no mail domain).
 */
function defaultMailFrom(publicBaseUrl: string): string {
  const host = new URL(publicBaseUrl).hostname
  return `noreply@${/[a-z]/i.test(host) && !host.startsWith('[') ? host : 'localhost'}`
}

/**
 * Variables the portal no longer reads, with where their value lives now: the login and study
 * addresses are site settings (站点设置), edited and reviewed in the console like everything
 * else the visitor sees.
 */
const RETIRED_VARIABLES: Record<string, string> = {
  EXTERNAL_LOGIN_URL:
    'the 登录 / 注册 address is a site setting now: change it in the console (站点设置)',
  STUDY_SITE_URL:
    'the 在线学习 address is a site setting now: change it in the console (站点设置)',
}

/** The retired variables a deployment still sets, each with where its value lives now. */
export function retiredVariablesSet(
  env: NodeJS.ProcessEnv = process.env,
): { name: string; note: string }[] {
  return Object.entries(RETIRED_VARIABLES)
    .filter(([name]) => (env[name] ?? '') !== '')
    .map(([name, note]) => ({ name, note }))
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.join('.')}: ${i.message}`,
    )
    throw new Error(`配置错误：\n${issues.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  const generated = loadOrCreateSecrets(dataDir)
  const publicBaseUrl = (
    e.PUBLIC_BASE_URL ?? `http://${hostInUrl(e.HOST)}:${e.PORT}`
  ).replace(/\/+$/, '')
  return {
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    portalApiSecret: e.PORTAL_API_SECRET ?? generated.portalApiSecret,
    portalAesKey: e.PORTAL_AES_KEY ?? generated.portalAesKey,
    regionalHmacSecret: e.REGIONAL_HMAC_SECRET ?? generated.regionalHmacSecret,
    staffApiToken: e.STAFF_API_TOKEN ?? generated.staffApiToken,
    staffSecretKey: e.STAFF_SECRET_KEY ?? generated.staffSecretKey,
    linkApiBase: e.LINK_API_BASE,
    publicBaseUrl,
    siteMarks: {
      siteIdentifier: e.SITE_IDENTIFIER,
      icpRecord: e.ICP_RECORD,
      psbRecord: e.PSB_RECORD,
      conacMarkUrl: e.CONAC_MARK_URL,
    },
    redisUrl: e.REDIS_URL || undefined,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY && e.S3_SECRET_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY,
            secretAccessKey: e.S3_SECRET_KEY,
            region: e.S3_REGION,
          }
        : null,
    ocdsOcidPrefix: e.OCDS_OCID_PREFIX,
    smsProvider: e.SMS_PROVIDER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? defaultMailFrom(publicBaseUrl),
    signingProvider: e.SIGNING_PROVIDER,
    logLevel: e.LOG_LEVEL,
    testHooks: e.PORTAL_TEST_HOOKS === '1',
    trustProxy: e.TRUST_PROXY,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL,
          }
        : null,
  }
}
