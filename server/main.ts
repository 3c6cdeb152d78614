import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import closeWithGrace from 'close-with-grace'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import { type Kysely, sql } from 'kysely'
import type { ServerBuild } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import { DEPARTMENT_SEAL_NAME } from '#common/constants/site.ts'
import { MSG_NOT_FOUND } from '#common/messages.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { type AppConfig, loadConfig } from '#server/shared/config.ts'
import { defaultErrorHandler } from '#server/shared/error-handler.ts'
import { countProjects } from '#server/projects/project-repository.ts'
import {
  type AutoAcceptJob,
  startAutoAcceptJob,
} from '#server/complaints/auto-accept-job.ts'
import { complaintFollowUpRoutes } from '#server/regional/follow-up-routes.ts'
import { type ComplaintDeps } from '#server/complaints/staff/complaint-service.ts'
import { recomputeOpenDeadlines } from '#server/complaints/recompute-deadlines.ts'
import { staffRoutes } from '#server/admin/staff-api-routes.ts'
import { type WorkingCalendar } from '#server/complaints/working-calendar.ts'
import { countArticles } from '#server/articles/article-repository.ts'
import { createCachedPortalApi } from '#server/portal/cached-portal-api.ts'
import { createPortalApiService } from '#server/portal/portal-api-service.ts'
import { withRemoteFooterLinks } from '#server/portal/remote-link-api.ts'
import { createDatabase, migrateToLatest } from '#server/db/database.ts'
import type { Database } from '#server/db/schema.ts'
import { complaintFileRoutes } from '#server/regional/complaint-file-routes.ts'
import { captchaRoutes } from '#server/regional/captcha-routes.ts'
import { complaintFormRoutes } from '#server/regional/complaint-form-routes.ts'
import {
  createMemoryStore,
  createRedisStore,
} from '#server/shared/expiring-store.ts'
import { smsCodeRoutes } from '#server/regional/sms-code-routes.ts'
import { redeemSmsCode } from '#server/complaints/filing/sms-codes.ts'
import { submitComplaintRoutes } from '#server/regional/submit-complaint-routes.ts'
import { tenderProjectRoutes } from '#server/regional/tender-project-routes.ts'
import { testHookRoutes } from '#server/regional/test-hook-routes.ts'
import { fileRoutes } from '#server/pages/file-routes.ts'
import {
  createLocalFileStorage,
  type FileStorage,
} from '#server/files/file-storage.ts'
import { uploadRoutes } from '#server/portal/upload-routes.ts'
import { createPageCache } from '#server/pages/page-cache.ts'
import { pageRoutes } from '#server/pages/page-routes.ts'
import { metrics } from '#server/shared/metrics.ts'
import { staticAssets } from '#server/pages/static-assets.ts'
import { portalRoutes } from '#server/portal/portal-routes.ts'
import {
  createMemoryNonceStore,
  createRedisNonceStore,
} from '#server/shared/nonce-store.ts'
import { regionalApi } from '#server/regional/regional-api.ts'
import { ensureSearchIndex } from '#server/search/search-sources.ts'
import { signPageRoutes } from '#server/pages/sign-page-routes.ts'
import { signRoutes } from '#server/regional/sign-routes.ts'
import { type SigningProvider } from '#server/signing/signing-provider.ts'
import { signingPlugin } from '#server/signing/signing-plugin.ts'
import { createSigningProvider } from '#server/signing/signing-providers.ts'
import { createSmsSender, type SmsSender } from '#server/shared/sms-sender.ts'

/** The package folder: above server/ when run from source, above build/portal/ when built. */
function packageRoot(from: string): string {
  let dir = from
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('未找到 package.json')
    dir = parent
  }
  return dir
}
const BUILD_DIR = path.join(packageRoot(import.meta.dirname), 'build')

export type BuildAppOptions = {
  config: AppConfig
  db: Kysely<Database>
  storage?: FileStorage
  /** The built React Router app; null serves the APIs only (API tests). */
  pageBuild?: ServerBuild | null
  /** Route plugins served under /xjApi behind the regional signature check. */
  regionalRoutes?: FastifyPluginAsync[]
  /** The electronic seal; by default the one SIGNING_PROVIDER names. */
  signingProvider?: SigningProvider
  /** Where text messages go; by default the sender SMS_PROVIDER names. */
  sms?: SmsSender
  logger?: boolean
  /** The complaint domain's clock (tests fix it); default: the system clock. */
  now?: () => Date
  /** Working days for statutory deadlines; default: the installed chinese-days data. */
  calendar?: WorkingCalendar
  /** How often due automatic acceptances are looked for; null: never (tests run it by hand). */
  autoAcceptIntervalMs?: number | null
}

export async function loadPageBuild(): Promise<ServerBuild> {
  const entry = path.join(BUILD_DIR, 'server', 'index.js')
  if (!existsSync(entry))
    throw new Error('未找到页面构建产物，请先运行 npm run build')
  return (await import(pathToFileURL(entry).href)) as ServerBuild
}

/** The whole portal as one Fastify app; tests build it, only the entry point listens. */
export async function buildApp(
  options: BuildAppOptions,
): Promise<FastifyInstance> {
  const { config, db } = options
  const storage =
    options.storage ??
    createLocalFileStorage(path.join(config.dataDir, 'files'))
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    // Explicit timeouts: a slow client cannot hold a connection for ever.
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
  })

  app.setErrorHandler(defaultErrorHandler)
  await app.register(rateLimit, { global: false })
  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 120, timeWindow: 60_000 }) },
    (_request, reply) => reply.code(404).send({ message: MSG_NOT_FOUND }),
  )
  await app.register(metrics, { staffToken: config.staffApiToken })
  const signing = {
    db,
    storage,
    provider: options.signingProvider ?? createSigningProvider(config),
  }
  await app.register(signingPlugin, signing)

  // One SMS sender for every part that texts (verification codes, complaint notices).
  // The log sender is the embedded default's delivery channel: its lines are written at info
  // whatever LOG_LEVEL says, or an operator (and the end-to-end tests) would never see a code.
  const sms =
    options.sms ??
    createSmsSender(
      config.smsProvider,
      app.log.child({ module: 'sms' }, { level: 'info' }),
    )
  const complaintDeps: ComplaintDeps = {
    storage,
    sms,
    now: options.now,
    calendar: options.calendar,
    log: app.log,
    // The department's documents that need a seal (处理决定书) carry its own, from the same
    // provider that seals complainants' forms.
    sealDocument: async (pdf, title) =>
      (
        await signing.provider.sealPdf(
          pdf,
          { name: DEPARTMENT_SEAL_NAME, kind: 'organisation' },
          { purpose: '投诉处理专用章', reason: title },
        )
      ).bytes,
  }
  await app.register(staffRoutes, {
    prefix: '/staff-api',
    db,
    deps: complaintDeps,
    token: config.staffApiToken,
  })
  // Deadlines counted provisionally (暂定) follow a holiday notice that the installed calendar
  // now has; before the automatic acceptance below reads the due times.
  app.addHook('onReady', async () => {
    try {
      const changed = await recomputeOpenDeadlines(db, complaintDeps)
      if (changed.length > 0)
        app.log.info({ changed }, 'statutory deadlines recomputed')
    } catch (error) {
      app.log.error({ err: error }, 'statutory deadlines not recomputed')
    }
  })
  const autoAcceptIntervalMs =
    options.autoAcceptIntervalMs === undefined
      ? 60_000
      : options.autoAcceptIntervalMs
  if (autoAcceptIntervalMs !== null) {
    // Due times live in the database: a restarted server accepts what fell due meanwhile.
    let job: AutoAcceptJob | undefined
    app.addHook('onReady', async () => {
      job = startAutoAcceptJob(
        db,
        { ...complaintDeps, log: app.log },
        autoAcceptIntervalMs,
      )
    })
    app.addHook('onClose', async () => job?.stop())
  }

  const api: PortalApi = createCachedPortalApi(
    withRemoteFooterLinks(createPortalApiService(db), {
      linkApiBase: config.linkApiBase,
      secret: config.portalApiSecret,
      aesKey: config.portalAesKey,
    }),
  )
  // The Portal API answers scripts, not documents: it sets the few headers an API needs
  // (server/portal), not helmet's document headers, which cost it a fifth of its throughput.
  await app.register(portalRoutes, {
    prefix: '/JdPortalApi',
    api,
    secret: config.portalApiSecret,
    aesKey: config.portalAesKey,
  })
  await app.register(uploadRoutes, {
    prefix: '/JdPortalApi',
    db,
    storage,
    secret: config.portalApiSecret,
    aesKey: config.portalAesKey,
  })

  // Nonces must be shared when several processes serve /xjApi (architecture.md, Growing).
  const redisNonces = config.redisUrl
    ? createRedisNonceStore(config.redisUrl)
    : null
  const nonceStore = redisNonces ?? createMemoryNonceStore()
  // Captcha answers, SMS codes and their throttles: shared the same way as the nonces.
  const store = config.redisUrl
    ? createRedisStore(config.redisUrl)
    : createMemoryStore()
  app.addHook('onClose', async () => {
    await redisNonces?.close()
    await store.close()
  })
  await app.register(regionalApi, {
    prefix: '/xjApi',
    secret: config.regionalHmacSecret,
    nonceStore,
    routes: [
      signRoutes(signing),
      complaintFileRoutes({ db, storage }),
      captchaRoutes({ store }),
      smsCodeRoutes({ store, sms }),
      complaintFormRoutes({ db, storage }),
      tenderProjectRoutes({ db }),
      submitComplaintRoutes({ db, store, sms }),
      async (scope) =>
        scope.register(complaintFollowUpRoutes, {
          db,
          deps: complaintDeps,
          // Codes sent by /api/xjslts/sms/code for the purpose complaint-query, used once.
          verifySmsCode: (phone, code) =>
            redeemSmsCode(store, { phone, code, purpose: 'complaint-query' }),
        }),
      ...(options.regionalRoutes ?? []),
    ],
  })

  if (config.testHooks) {
    app.log.warn('PORTAL_TEST_HOOKS=1: test hooks are served at /__test__')
    await app.register(testHookRoutes({ store }), { prefix: '/__test__' })
  }

  const pageBuild =
    options.pageBuild === undefined ? await loadPageBuild() : options.pageBuild
  const version = pageBuild?.assets.version ?? 'api-only'
  // Whatever a browser opens as a document or file gets helmet's headers; pages add their CSP.
  await app.register(async (site) => {
    await site.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
    })
    await site.register(fileRoutes, { db, storage })
    await site.register(signPageRoutes, signing)
    site.get('/healthz', async (_request, reply) => {
      await sql`select 1`.execute(db)
      return reply.header('cache-control', 'no-store').send({ status: 'ok' })
    })
    site.get('/version.json', async (_request, reply) =>
      reply.header('cache-control', 'no-store, max-age=0').send({ version }),
    )
    if (!pageBuild) return
    const clientConfig: ClientConfig = {
      portalApiBase: '/JdPortalApi',
      linkApiBase: config.linkApiBase,
      regionalApiBase: '/xjApi',
      portalApiSecret: config.portalApiSecret,
      portalAesKey: config.portalAesKey,
      regionalHmacSecret: config.regionalHmacSecret,
      externalLoginUrl: config.externalLoginUrl,
      studySiteUrl: config.studySiteUrl,
      version,
    }
    await site.register(staticAssets, { root: path.join(BUILD_DIR, 'client') })
    await site.register(pageRoutes, {
      build: pageBuild,
      api,
      clientConfig,
      cache: createPageCache(),
    })
  })
  return app
}

/** Start on the embedded defaults: create, migrate and seed the database on first start. */
export async function start() {
  const config = loadConfig()
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  await migrateToLatest(db)
  const storage = createLocalFileStorage(path.join(config.dataDir, 'files'))
  if ((await countArticles(db)) === 0 || (await countProjects(db)) === 0) {
    // The seed brings PDF and font libraries: load them only for a fresh install.
    const { seedDemoContent } = await import('#server/demo/seed.ts')
    await seedDemoContent(db, storage)
  }
  await ensureSearchIndex(db)
  const app = await buildApp({ config, db, storage })
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error')
    await app.close()
    await db.destroy()
  })
  await app.listen({ host: config.host, port: config.port })
  return app
}

if (import.meta.main) await start()
