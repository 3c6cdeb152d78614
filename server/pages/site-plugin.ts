import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { ServerBuild } from 'react-router'

import type { ClientConfig } from '#common/client-config.ts'
import type { SiteSettings } from '#common/schemas/site.ts'
import type { Database } from '#server/db/schema.ts'
import type { AppConfig } from '#server/shared/config.ts'
import { createSiteSettingsRead } from '#server/site/site-settings.ts'
import { displayModeRoutes } from './display-mode-routes.ts'
import { fileRoutes } from './file-routes.ts'
import { createPageCache } from './page-cache.ts'
import { alertRoutes } from './alert-routes.ts'
import { createPageRenderer, pageRoutes } from './page-routes.ts'
import { signPageRoutes } from './sign-page-routes.ts'
import { staticAssets } from './static-assets.ts'

// Above server/ when run from source, above build/portal/ when built.
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

async function loadPageBuild(): Promise<ServerBuild> {
  const entry = path.join(BUILD_DIR, 'server', 'index.js')
  if (!existsSync(entry))
    throw new Error('未找到页面构建产物，请先运行 npm run build')
  return (await import(pathToFileURL(entry).href)) as ServerBuild
}

type SitePluginOptions = {
  db: Kysely<Database>
  config: Pick<
    AppConfig,
    | 'linkApiBase'
    | 'portalApiSecret'
    | 'portalAesKey'
    | 'regionalHmacSecret'
    | 'publicBaseUrl'
    | 'siteMarks'
  >
  // null serves the APIs only (API tests).
  pageBuild?: ServerBuild | null
  // The browser build's files; default build/client.
  clientDir?: string
  now?: () => Date
}

export async function sitePlugin(
  site: FastifyInstance,
  {
    db,
    config,
    pageBuild: given,
    clientDir,
    now = () => new Date(),
  }: SitePluginOptions,
) {
  const pageBuild = given === undefined ? await loadPageBuild() : given
  const version = pageBuild?.assets.version ?? 'api-only'
  // The scripts and styles, beside the documents rather than under helmet: a phone fetches some
  // fifty of them on a first visit, over HTTP/1.1 without header compression, and the document
  // headers (framing, referrer, HSTS…) say nothing to a script. Each keeps what a file needs.
  if (pageBuild)
    await site.register(staticAssets, {
      root: clientDir ?? path.join(BUILD_DIR, 'client'),
    })
  await site.register(async (documents) => {
    await documents.register(helmet, {
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
    })
    await documentRoutes(documents, { db, config, pageBuild, version, now })
  })
}

async function documentRoutes(
  site: FastifyInstance,
  {
    db,
    config,
    pageBuild,
    version,
    now,
  }: Omit<SitePluginOptions, 'pageBuild' | 'clientDir' | 'now'> & {
    pageBuild: ServerBuild | null
    version: string
    now: () => Date
  },
) {
  await site.register(fileRoutes, {
    db,
    storage: site.storage,
    access: site.fileAccess,
  })
  await site.register(signPageRoutes, site.signing)
  // The balancer's check (scripts/haproxy-config.ts expects 200): 503 while a part this process
  // needs (database, Redis when configured, file storage) is down, so no filer is sent here.
  // Each check lists the bucket, a request the provider bills: an address may ask twice a second
  // on average (the balancer asks once a second), not in a loop.
  const healthChecksPerAddress = { max: 120, timeWindow: 60_000 }
  site.get(
    '/healthz',
    { config: { rateLimit: healthChecksPerAddress } },
    async (_request, reply) => {
      const report = await site.health.report()
      return reply
        .code(report.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report)
    },
  )
  // spec §4, §2: every route change asks whether a new build is live. The page names the build
  // it runs (the ETag) in If-None-Match and, while that build is live, gets an empty 304. The
  // answer stays no-store: the client sends the tag itself, so no cached copy is needed (and the
  // spec's timestamp makes every URL new anyway), and no cache may ever answer for the server.
  const etag = `"${version}"`
  site.get('/version.json', async (request, reply) => {
    reply.header('cache-control', 'no-store, max-age=0').header('etag', etag)
    if (isCurrent(request.headers['if-none-match'], etag))
      return reply.code(304).send()
    return reply.send({ version })
  })
  await site.register(displayModeRoutes)
  const render = pageBuild
    ? pageRenderer(site, db, config, pageBuild, now)
    : null
  await site.register(alertRoutes, { alerts: site.alerts, render })
  if (render) await site.register(pageRoutes, { render })
}

function pageRenderer(
  site: FastifyInstance,
  db: Kysely<Database>,
  config: SitePluginOptions['config'],
  pageBuild: ServerBuild,
  now: () => Date,
) {
  const clientConfig: Omit<ClientConfig, keyof SiteSettings> = {
    portalApiBase: '/JdPortalApi',
    linkApiBase: config.linkApiBase,
    regionalApiBase: '/xjApi',
    portalApiSecret: config.portalApiSecret,
    portalAesKey: config.portalAesKey,
    regionalHmacSecret: config.regionalHmacSecret,
    publicBaseUrl: config.publicBaseUrl,
    siteMarks: config.siteMarks,
    version: pageBuild.assets.version,
  }
  const cache = createPageCache({ now: () => now().getTime() })
  const siteSettings = createSiteSettingsRead(db, { now })
  // Published content changed (here or in another process): pages are rendered afresh, with
  // the site settings read again (the footer's links and dictionaries are the Portal API's,
  // whose cache the Portal API clears itself).
  site.contentChanges.onChange(() => {
    siteSettings.clear()
    cache.clear()
  })
  return createPageRenderer({
    build: pageBuild,
    api: site.portalApi,
    clientConfig: async () => ({
      ...clientConfig,
      ...(await siteSettings.read()),
    }),
    cache,
  })
}

// RFC 9110 §13.1.2: `*` or a list of tags, compared weakly.
function isCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}
