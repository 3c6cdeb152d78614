import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'

import { z } from 'zod'

import type { SiteMarks } from '#common/site-marks.ts'

import { defaultMailFrom, MAIL_ENV } from './config/mail-env.ts'
import { OCDS_ENV } from './config/ocds-env.ts'
import { OIDC_ENV } from './config/oidc-env.ts'
import { PROXY_ENV } from './config/proxy-env.ts'
import { SITE_MARKS_ENV } from './config/site-marks-env.ts'
import { S3_ENV, S3_VARIABLES } from './config/storage-env.ts'
import { ConfigError } from './config-error.ts'

// Every value has a working default for the embedded start; a secret that is not set is
// generated at first start and kept in DATA_DIR, never written in the code.
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
    ...SITE_MARKS_ENV,
    ...OIDC_ENV,
    REDIS_URL: z.string().optional(),
    ...S3_ENV,
    ...OCDS_ENV,
    SMS_PROVIDER: z.string().default('log'),
    ...MAIL_ENV,
    SIGNING_PROVIDER: z.string().default('builtin'),
    LOG_LEVEL: z.string().default('info'),
    PORTAL_TEST_HOOKS: z.string().optional(),
    ...PROXY_ENV,
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

export type OidcConfig = {
  issuer: string
  clientId: string
  clientSecret: string
  label: string
}

// Addressed path-style: `<endpoint>/<bucket>/<key>`.
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
  // Only for /metrics; staff act with their own sessions and tokens (server/staff).
  staffApiToken: string
  staffSecretKey: string
  linkApiBase: string
  // No trailing slash: canonical links are absolute on it.
  publicBaseUrl: string
  siteMarks: SiteMarks
  redisUrl: string | undefined
  s3: S3Config | null
  ocdsOcidPrefix: string
  smsProvider: string
  smtpUrl: string | undefined
  mailFrom: string
  signingProvider: string
  logLevel: string
  // Only with PORTAL_TEST_HOOKS=1, never by default, whatever NODE_ENV says.
  testHooks: boolean
  // Empty: every request's address is its TCP peer, whatever headers it carries.
  trustProxy: string[]
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
    // An existing file may lack it: it gains one and keeps what it holds.
    staffSecretKey: kept.staffSecretKey ?? randomText(43),
  }
  if (Object.keys(secrets).every((key) => key in kept)) return secrets
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  chmodSync(file, 0o600)
  return secrets
}

function hostInUrl(host: string) {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.join('.')}: ${i.message}`,
    )
    throw new ConfigError(`配置错误：${issues.join('；')}`)
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
