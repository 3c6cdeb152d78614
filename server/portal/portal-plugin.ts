import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'

import type { PortalApi } from '#common/portal-api.ts'
import type { Database } from '#server/db/schema.ts'
import type { AppConfig } from '#server/shared/config.ts'
import { createCountCache } from '#server/shared/count-cache.ts'
import { shanghaiDay } from '#server/credit/credit-service.ts'
import { createSupervisionStatistics } from '#server/supervision/supervision-statistics.ts'
import { createCachedPortalApi } from './cached-portal-api.ts'
import { openFiguresRoutes } from './open-figures-routes.ts'
import { openSupervisionRoutes } from './open-supervision-routes.ts'
import { createArticleViewCounter } from '#server/articles/article-views.ts'
import { createPortalApiService } from './portal-api-service.ts'
import { portalRoutes } from './portal-routes.ts'
import { withRemoteFooterLinks } from './remote-link-api.ts'
import { uploadRoutes } from './upload-routes.ts'

declare module 'fastify' {
  interface FastifyInstance {
    portalApi: PortalApi
  }
}

type PortalPluginOptions = {
  db: Kysely<Database>
  config: Pick<AppConfig, 'linkApiBase' | 'portalApiSecret' | 'portalAesKey'>
  now?: () => Date
}

export const portalPlugin = fp<PortalPluginOptions>(
  async (app, { db, config, now = () => new Date() }) => {
    const views = createArticleViewCounter(db)
    const counts = createCountCache()
    const supervision = createSupervisionStatistics(db, { now })
    // The views counted in the last second are written before the database closes.
    app.addHook('onClose', () => views.close())
    const api = createCachedPortalApi(
      withRemoteFooterLinks(
        createPortalApiService(db, {
          store: app.expiringStore,
          views,
          counts,
          now,
          supervision,
        }),
        {
          linkApiBase: config.linkApiBase,
          secret: config.portalApiSecret,
          aesKey: config.portalAesKey,
        },
      ),
      { today: () => shanghaiDay(now()), now },
    )
    app.decorate('portalApi', api)
    app.contentChanges.onChange(() => {
      api.clear()
      counts.clear()
      supervision.clear()
    })
    // The Portal API answers scripts, not documents: it sets the few headers an API needs
    // (server/portal), not helmet's document headers, which cost it a fifth of its throughput.
    await app.register(portalRoutes, {
      prefix: '/JdPortalApi',
      api,
      secret: config.portalApiSecret,
      aesKey: config.portalAesKey,
    })
    await app.register(openFiguresRoutes, { api })
    await app.register(openSupervisionRoutes, { api })
    await app.register(uploadRoutes, {
      prefix: '/JdPortalApi',
      db,
      storage: app.storage,
      access: app.fileAccess,
      secret: config.portalApiSecret,
      aesKey: config.portalAesKey,
    })
  },
  {
    name: 'portal',
    fastify: '5.x',
    dependencies: [
      'expiring-store',
      'content-changes',
      'file-storage',
      'file-access',
    ],
  },
)
