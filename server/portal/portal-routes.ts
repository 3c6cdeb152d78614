import rateLimit from '@fastify/rate-limit'
import { type FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import { type PortalApi } from '#common/portal-api.ts'
import { assertPortalAesKey } from '#common/protocol/portal-envelope.ts'
import {
  ArticleDetailQuerySchema,
  ArticleDetailSchema,
  ArticlePageQuerySchema,
  ArticlePageSchema,
  RotationItemSchema,
  RotationQuerySchema,
} from '#common/schemas/article.ts'
import {
  LinkageDetailQuerySchema,
  LinkageDetailSchema,
  LinkagePageQuerySchema,
  LinkagePageSchema,
  ProjectDetailQuerySchema,
  ProjectDetailSchema,
  ProjectLatestQuerySchema,
  ProjectLatestSchema,
  ProjectPageQuerySchema,
  ProjectPageSchema,
  ProjectStatisticsQuerySchema,
  ProjectStatisticsSchema,
  ProjectTypeTreeQuerySchema,
  ProjectTypeTreeSchema,
} from '#common/schemas/project.ts'
import {
  FeedbackDetailQuerySchema,
  FeedbackPageSchema,
  FeedbackSubmitSchema,
  FeedbackSubmittedSchema,
  PublishedComplaintDetailQuerySchema,
  PublishedComplaintDetailSchema,
  PublishedComplaintPageSchema,
  PublishedComplaintQuerySchema,
} from '#common/schemas/complaint/complaint-published.ts'
import {
  FooterLinkGroupSchema,
  FooterLinkQuerySchema,
  HomeLinkSchema,
  SysDicQuerySchema,
  SysDicResultSchema,
} from '#common/schemas/site.ts'
import { ComplaintError } from '#server/complaints/complaint-error.ts'
import {
  SearchPageQuerySchema,
  SearchPageSchema,
} from '#common/schemas/search.ts'
import {
  parsePortalQuery,
  PortalError,
  portalOk,
  portalParams,
  portalProtocol,
} from './portal-protocol.ts'

export type PortalRoutesOptions = {
  api: PortalApi
  secret: string
  aesKey: string
}

/**
 * The Portal API (architecture.md, Protocols; spec §7), registered with prefix /JdPortalApi.
 * Each call is POST with a JSON body, or GET with the same fields in the query.
 */
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

  // Results served from the read cache are the same objects request after request: filter and
  // serialize each once. The result schema drops fields the page does not need.
  const serialized = new WeakMap<object, string>()
  function toJson(result: unknown, schema: z.ZodType): string {
    const known =
      typeof result === 'object' && result ? serialized.get(result) : undefined
    if (known !== undefined) return known
    const json = JSON.stringify(schema.parse(result))
    if (typeof result === 'object' && result) serialized.set(result, json)
    return json
  }

  function route<Q extends z.ZodType, R extends z.ZodType>(
    url: string,
    querySchema: Q,
    resultSchema: R,
    load: (query: z.output<Q>) => Promise<z.input<R> | null>,
    options: { isWrite?: boolean } = {},
  ) {
    app.route({
      method: options.isWrite ? ['POST'] : ['GET', 'POST'],
      url,
      // Writes from anonymous visitors: a few a minute per address (checked after the sign).
      ...(options.isWrite
        ? {
            preHandler: app.rateLimit({
              max: 5,
              timeWindow: 60_000,
              errorResponseBuilder: () =>
                new PortalError(429, '提交过于频繁，请稍后再试'),
            }),
          }
        : {}),
      handler: async (request, reply) => {
        const query = parsePortalQuery(querySchema, portalParams(request))
        const result = await load(query).catch((error: unknown) => {
          // The complaint domain's refusals keep their status and Chinese message.
          if (error instanceof ComplaintError)
            throw new PortalError(error.status, error.message)
          throw error
        })
        if (result === null) throw new PortalError(404, MSG_NOT_FOUND)
        return reply
          .type('application/json; charset=utf-8')
          .send(portalOk(toJson(result, resultSchema), aesKey))
      },
    })
  }

  route(
    '/Article/RotationData',
    RotationQuerySchema,
    z.array(RotationItemSchema),
    (q) => api.rotationData(q),
  )
  route('/Article/PageList', ArticlePageQuerySchema, ArticlePageSchema, (q) =>
    api.articlePageList(q),
  )
  route('/Article/Detail', ArticleDetailQuerySchema, ArticleDetailSchema, (q) =>
    api.articleDetail(q),
  )
  route('/Common/SysDic', SysDicQuerySchema, SysDicResultSchema, (q) =>
    api.sysDic(q),
  )
  route('/Home/Link', z.object({}), z.array(HomeLinkSchema), () =>
    api.homeLinks(),
  )
  route(
    '/linkConfiguration/SearchByPlatformType',
    FooterLinkQuerySchema,
    FooterLinkGroupSchema,
    (q) => api.footerLinks(q),
  )

  // Projects and trading (spec §7, §9). The type tree's body carries no createTime.
  route(
    '/Project/JdPortalProjectTypeTree',
    ProjectTypeTreeQuerySchema,
    ProjectTypeTreeSchema,
    () => api.projectTypeTree(),
  )
  route('/Project/PageList', ProjectPageQuerySchema, ProjectPageSchema, (q) =>
    api.projectPageList(q),
  )
  route('/Project/Detail', ProjectDetailQuerySchema, ProjectDetailSchema, (q) =>
    api.projectDetail(q),
  )
  route(
    '/Project/Statistics',
    ProjectStatisticsQuerySchema,
    ProjectStatisticsSchema,
    (q) => api.projectStatistics(q),
  )
  route('/Project/Latest', ProjectLatestQuerySchema, ProjectLatestSchema, (q) =>
    api.projectLatest(q),
  )
  route(
    '/Project/LinkagePageList',
    LinkagePageQuerySchema,
    LinkagePageSchema,
    (q) => api.linkagePageList(q),
  )
  route(
    '/Project/LinkageDetail',
    LinkageDetailQuerySchema,
    LinkageDetailSchema,
    (q) => api.linkageDetail(q),
  )
  route('/Search/PageList', SearchPageQuerySchema, SearchPageSchema, (q) =>
    api.searchPageList(q),
  )
  route(
    '/Complaint/PageList',
    PublishedComplaintQuerySchema,
    PublishedComplaintPageSchema,
    (q) => api.complaintPageList(q),
  )
  route(
    '/Complaint/Detail',
    PublishedComplaintDetailQuerySchema,
    PublishedComplaintDetailSchema,
    (q) => api.complaintDetail(q),
  )
  route(
    '/Complaint/Feedback',
    FeedbackSubmitSchema,
    FeedbackSubmittedSchema,
    (q) => api.complaintFeedback(q),
    { isWrite: true },
  )
  route(
    '/Complaint/FeedbackDetail',
    FeedbackDetailQuerySchema,
    FeedbackPageSchema,
    (q) => api.complaintFeedbackDetail(q),
  )
}
