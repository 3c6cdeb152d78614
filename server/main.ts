import closeWithGrace from 'close-with-grace'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import type { Kysely } from 'kysely'
import type { ServerBuild } from 'react-router'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import { staffApiPlugin } from '#server/staff-api/staff-api-plugin.ts'
import { alertsPlugin } from '#server/alerts/alerts-plugin.ts'
import {
  clientConnectionError,
  defaultErrorHandler,
} from '#server/shared/error-handler.ts'
import { countArticles } from '#server/articles/article-repository.ts'
import { complaintsPlugin } from '#server/complaints/complaints-plugin.ts'
import { contentPlugin } from '#server/content/content-plugin.ts'
import { contentUploadsAmong } from '#server/content/content-file-repository.ts'
import type { WorkingCalendar } from '#server/complaints/working-calendar.ts'
import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import { articleFileLinks } from '#server/articles/article-file-links.ts'
import { complaintFileLinks } from '#server/complaints/complaint-file-links.ts'
import type { FileLinkSource } from '#server/files/file-access.ts'
import { fileAccessPlugin } from '#server/files/file-access-plugin.ts'
import {
  fileStoragePlugin,
  openFileStorage,
} from '#server/files/file-storage-plugin.ts'
import type { FileStorage } from '#server/files/file-storage.ts'
import {
  creditFeedSource,
  creditPartyDetails,
  creditSitemapSource,
} from '#server/credit/credit-open-data.ts'
import { ocdsPlugin } from '#server/ocds/ocds-plugin.ts'
import { sitePlugin } from '#server/pages/site-plugin.ts'
import { portalPlugin } from '#server/portal/portal-plugin.ts'
import { projectFileLinks } from '#server/projects/project-file-links.ts'
import { countProjects } from '#server/projects/project-repository.ts'
import { regionalPlugin } from '#server/regional/regional-plugin.ts'
import { articleSearchSource } from '#server/articles/article-search-source.ts'
import {
  articleFeedSources,
  articleSitemapSource,
} from '#server/articles/article-open-data.ts'
import { publishedComplaintSitemapSource } from '#server/complaints/published/published-open-data.ts'
import {
  openDataPlugin,
  type OpenDataPluginOptions,
} from '#server/open-data/open-data-plugin.ts'
import type {
  FeedSource,
  SitemapSource,
} from '#server/open-data/open-data-sources.ts'
import { publicPagesSitemapSource } from '#server/open-data/public-pages.ts'
import {
  projectFeedSources,
  projectSitemapSources,
} from '#server/projects/project-open-data.ts'
import { projectSearchSources } from '#server/projects/project-search-sources.ts'
import { creditSearchSource } from '#server/credit/credit-search-source.ts'
import {
  ensureSearchIndex,
  type SearchSource,
} from '#server/search/search-sources.ts'
import { type AppConfig, loadConfig } from '#server/shared/config.ts'
import { retiredVariablesSet } from '#server/shared/config/retired-variables.ts'
import { contentChangesPlugin } from '#server/shared/content-changes-plugin.ts'
import { checkpointOffTheLoop } from '#server/shared/wal-checkpoints.ts'
import { expiringStorePlugin } from '#server/shared/expiring-store-plugin.ts'
import { healthPlugin } from '#server/shared/health-plugin.ts'
import { ConfigError } from '#server/shared/config-error.ts'
import { logSerializers } from '#server/shared/log-redaction.ts'
import { mailSenderPlugin } from '#server/shared/mail-sender-plugin.ts'
import type { MailSender } from '#server/shared/mail-sender.ts'
import { metrics } from '#server/shared/metrics.ts'
import { rateLimitPlugin } from '#server/shared/rate-limit-plugin.ts'
import type { SmsSender } from '#server/shared/sms-sender.ts'
import { smsSenderPlugin } from '#server/shared/sms-sender-plugin.ts'
import { signedFileLinks } from '#server/signing/signed-file-links.ts'
import { signingPlugin } from '#server/signing/signing-plugin.ts'
import type { SigningProvider } from '#server/signing/signing-provider.ts'
import { staffFileReader } from '#server/staff/staff-access.ts'
import { oidcSignInPlugin } from '#server/staff/oidc-sign-in-plugin.ts'
import { staffPlugin } from '#server/staff/staff-plugin.ts'
import { supervisionPlugin } from '#server/supervision/supervision-plugin.ts'

export type BuildAppOptions = {
  config: AppConfig
  db: Kysely<Database>
  storage?: FileStorage
  // null serves the APIs only (API tests).
  pageBuild?: ServerBuild | null
  // The browser build's files (default build/client); tests give public/.
  clientDir?: string
  regionalRoutes?: FastifyPluginAsync[]
  signingProvider?: SigningProvider
  sms?: SmsSender
  mail?: MailSender
  // null: only when woken (tests).
  alertIntervalMs?: number | null
  logger?: boolean
  now?: () => Date
  calendar?: WorkingCalendar
  // null: never (tests run it by hand).
  autoAcceptIntervalMs?: number | null
  // Deadline reminders and morning digests: not looked for unless set (the server's start sets
  // it; a test runs them by hand or sets it).
  reminderIntervalMs?: number | null
  // The nightly rebuild of the supervision warnings: not looked for unless set (as reminders).
  warningRebuildIntervalMs?: number | null
  // A null interval runs the outbox only at start and when woken.
  smsOutbox?: { intervalMs?: number | null; leaseMs?: number }
  // null: only when asked (tests).
  contentScheduleIntervalMs?: number | null
  // Tests give each portal its own channel and rate-limit prefix.
  contentChangesChannel?: string
  rateLimitPrefix?: string
  openData?: Pick<OpenDataPluginOptions, 'sitemapChildSize' | 'cache'>
}

// Tests build the app too; only start() listens.
export async function buildApp(
  options: BuildAppOptions,
): Promise<FastifyInstance> {
  const { config, db } = options
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: logSerializers },
    // Explicit timeouts: a slow client cannot hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    clientErrorHandler: clientConnectionError,
    // Outside the APIs (which set their own, docs/api) only small forms are posted: a body is
    // read whole before anything looks at it, so the default stays small too.
    bodyLimit: 32 * 1024,
    // request.ip, which every per-address limit counts by, is the TCP peer unless the peer is
    // a configured proxy: then the last address in X-Forwarded-For that no trusted proxy wrote.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  })

  app.setErrorHandler(defaultErrorHandler)
  await app.register(rateLimitPlugin, {
    redisUrl: config.redisUrl,
    prefix: options.rateLimitPrefix,
  })
  app.setNotFoundHandler(
    {
      preHandler: app.rateLimit({
        max: 120,
        timeWindow: 60_000,
        groupId: 'not-found',
      }),
    },
    (_request, reply) => reply.code(404).send({ message: MSG_NOT_FOUND }),
  )
  await app.register(metrics, { staffToken: config.staffApiToken })

  await app.register(healthPlugin, { db })
  await app.register(expiringStorePlugin, { redisUrl: config.redisUrl })
  await app.register(contentChangesPlugin, {
    redisUrl: config.redisUrl,
    channel: options.contentChangesChannel,
  })
  await app.register(smsSenderPlugin, {
    provider: config.smsProvider,
    sender: options.sms,
  })
  await app.register(mailSenderPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    sender: options.mail,
  })
  await app.register(fileStoragePlugin, {
    dataDir: config.dataDir,
    s3: config.s3,
    storage: options.storage,
  })
  await app.register(staffPlugin, {
    db,
    secretKey: config.staffSecretKey,
    publicBaseUrl: config.publicBaseUrl,
    now: options.now,
    // With Redis every process counts sign-in failures together; else memory on the clock.
    throttleStore: config.redisUrl ? app.expiringStore : undefined,
    mail: app.mail,
    sms: app.sms,
  })
  await app.register(oidcSignInPlugin, {
    oidc: config.oidc,
    publicBaseUrl: config.publicBaseUrl,
  })
  await app.register(contentPlugin, {
    db,
    now: options.now,
    scheduleIntervalMs: options.contentScheduleIntervalMs,
  })
  await app.register(alertsPlugin, {
    db,
    baseUrl: config.publicBaseUrl,
    linkSecret: config.staffSecretKey,
    now: options.now,
    intervalMs: options.alertIntervalMs,
  })
  await app.register(fileAccessPlugin, {
    db,
    sources: FILE_LINK_SOURCES,
    isStaffRequest: staffFileReader(app.staff, {
      isContentFile: async (fileId) =>
        (await contentUploadsAmong(db, [fileId])).length > 0,
    }),
  })
  await app.register(signingPlugin, {
    db,
    config,
    provider: options.signingProvider,
  })
  await app.register(complaintsPlugin, {
    db,
    now: options.now,
    calendar: options.calendar,
    autoAcceptIntervalMs: options.autoAcceptIntervalMs,
    smsOutbox: options.smsOutbox,
    reminders:
      options.reminderIntervalMs === undefined
        ? undefined
        : {
            baseUrl: config.publicBaseUrl,
            intervalMs: options.reminderIntervalMs,
          },
  })

  await app.register(supervisionPlugin, {
    db,
    now: options.now,
    rebuildIntervalMs: options.warningRebuildIntervalMs,
  })
  await app.register(staffApiPlugin, { db })
  await app.register(portalPlugin, { db, config, now: options.now })
  await app.register(regionalPlugin, {
    db,
    config,
    routes: options.regionalRoutes,
    now: options.now,
  })
  await app.register(ocdsPlugin, {
    prefix: '/ocds',
    db,
    config,
    partyDetails: creditPartyDetails(db, config.publicBaseUrl, options.now),
    partyDetailKinds: ['credit'],
  })
  await app.register(openDataPlugin, {
    db,
    publicBaseUrl: config.publicBaseUrl,
    feeds: FEED_SOURCES,
    sitemaps: SITEMAP_SOURCES,
    ...options.openData,
  })
  await app.register(sitePlugin, {
    db,
    config,
    pageBuild: options.pageBuild,
    clientDir: options.clientDir,
    now: options.now,
  })
  return app
}

const SEARCH_SOURCES: SearchSource[] = [
  articleSearchSource,
  ...projectSearchSources,
  creditSearchSource,
]

const FEED_SOURCES: FeedSource[] = [
  ...articleFeedSources,
  ...projectFeedSources,
  creditFeedSource,
]

// In the order of /sitemap.xml.
const SITEMAP_SOURCES: SitemapSource[] = [
  publicPagesSitemapSource,
  articleSitemapSource,
  ...projectSitemapSources,
  publishedComplaintSitemapSource,
  creditSitemapSource,
]

const FILE_LINK_SOURCES: FileLinkSource[] = [
  articleFileLinks,
  projectFileLinks,
  complaintFileLinks,
  signedFileLinks,
]

// Reminders go from 08:00 on working days; a look every five minutes is soon enough.
const REMINDER_INTERVAL_MS = 5 * 60_000

export async function start() {
  const config = loadConfig()
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    setUpSqlite: checkpointOffTheLoop,
  })
  await migrateToLatest(db)
  // The bucket or the folder, opened here because a fresh install seeds its files into it.
  const storage = await openFileStorage(config).catch(async (error) => {
    await db.destroy()
    throw error
  })
  if ((await countArticles(db)) === 0 || (await countProjects(db)) === 0) {
    // The seed brings PDF and font libraries: load them only for a fresh install.
    const { seedDemoContent } = await import('#server/demo/seed.ts')
    await seedDemoContent(db, storage)
  }
  await ensureSearchIndex(db, SEARCH_SOURCES)
  const app = await buildApp({
    config,
    db,
    storage,
    reminderIntervalMs: REMINDER_INTERVAL_MS,
    warningRebuildIntervalMs: 10 * 60_000,
  })
  for (const { name, note } of retiredVariablesSet())
    app.log.warn(`${name} is no longer read: ${note}`)
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    await app.close()
    await storage.close()
    await db.destroy()
  })
  await app.listen({ host: config.host, port: config.port })
  return app
}

// A configuration error is said in one line, without a stack, and the start fails.
if (import.meta.main)
  await start().catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`${error.message}\n`)
    process.exitCode = 1
  })
