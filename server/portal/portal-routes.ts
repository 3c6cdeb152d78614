import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'

import type { PortalApi } from '#common/portal-api.ts'
import { assertPortalAesKey } from '#common/protocol/portal-envelope.ts'
import { portalArticleRoutes } from './portal-article-routes.ts'
import { portalComplaintRoutes } from './portal-complaint-routes.ts'
import { portalCreditRoutes } from './portal-credit-routes.ts'
import { portalProjectRoutes } from './portal-project-routes.ts'
import { portalParams, portalProtocol } from './portal-protocol.ts'
import { portalRouteMaker } from './portal-route.ts'
import { portalSiteRoutes } from './portal-site-routes.ts'
import { portalSupervisionRoutes } from './portal-supervision-routes.ts'

type PortalRoutesOptions = {
  api: PortalApi
  secret: string
  aesKey: string
}

// spec §7: each call is POST with a JSON body, or GET with the same fields in the query.
export const portalRoutes: FastifyPluginAsync<PortalRoutesOptions> = async (
  app,
  options,
) => {
  const { api, secret, aesKey } = options
  assertPortalAesKey(aesKey)
  await app.register(portalProtocol, { secret })
  // The composition registers the rate limiter once for the whole app; alone, bring our own.
  if (!app.hasDecorator('rateLimit'))
    await app.register(rateLimit, { global: false })
  // The headers an API response needs (OWASP REST guidance): never sniffed as a document,
  // never stored by a cache (every answer is freshly encrypted), never read cross-origin.
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    })
  })

  // The Portal's parameters are the query plus the body fields (docs/api/portal-protocol.md):
  // a POST validates them together as its body, after the signature over them was checked.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST') request.body = portalParams(request)
  })
  const route = portalRouteMaker(app, aesKey)

  portalArticleRoutes(route, api)
  portalSiteRoutes(route, api)
  portalProjectRoutes(route, api)
  portalCreditRoutes(route, api)
  portalComplaintRoutes(route, api)
  portalSupervisionRoutes(route, api)
}
