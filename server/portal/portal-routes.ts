import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { assertPortalAesKey } from '#common/protocol/portal-envelope.ts'
import {
  ArticleDetailQuerySchema,
  ArticleDetailSchema,
  ArticlePageQuerySchema,
  ArticlePageSchema,
  DownloadPageQuerySchema,
  DownloadPageSchema,
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
  ProjectHomeQuerySchema,
  ProjectHomeSummarySchema,
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
  CreditDetailQuerySchema,
  CreditDetailSchema,
  CreditPageQuerySchema,
  CreditPageSchema,
} from '#common/schemas/credit.ts'
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
import {
  SearchPageQuerySchema,
  SearchPageSchema,
} from '#common/schemas/search.ts'
import { Refusal } from '#server/shared/refusal.ts'
import {
  PORTAL_RESPONSES,
  portalOk,
  portalParams,
  portalProtocol,
} from './portal-protocol.ts'

type PortalRoutesOptions = {
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

  // The Portal's parameters are the query plus the body fields (docs/api/portal-protocol.md):
  // a POST validates them together as its body, after the signature over them was checked.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST') request.body = portalParams(request)
  })
  // Writes from anonymous visitors: a few a minute per address, counted after the sign is
  // checked and before the parameters are, so refused submissions count too.
  const writeLimit = app.rateLimit({
    max: 5,
    timeWindow: 60_000,
    groupId: 'portal-write',
    errorResponseBuilder: () => new Refusal(429, '提交过于频繁，请稍后再试'),
  })
  const portal = app.withTypeProvider<ZodTypeProvider>()

  /**
   * One Portal operation: POST with its parameters in the JSON body and, unless it writes, GET
   * with them in the query. The result is parsed with its schema (dropping what the page does
   * not need) and encrypted; null is a refusal with State 404.
   */
  function route<Q extends z.ZodType, R extends z.ZodType>(
    url: string,
    querySchema: Q,
    resultSchema: R,
    load: (query: z.output<Q>) => Promise<z.input<R> | null>,
    options: { isWrite?: boolean } = {},
  ) {
    // `query` was validated with querySchema; the type provider's conditional type does not
    // resolve for a generic Q, so the output type is restated here.
    async function answer(query: unknown, reply: FastifyReply) {
      const result = await load(query as z.output<Q>)
      if (result === null) throw new Refusal(404, MSG_NOT_FOUND)
      return reply
        .type('application/json; charset=utf-8')
        .send(portalOk(toJson(result, resultSchema), aesKey))
    }
    if (!options.isWrite)
      portal.get(
        url,
        { schema: { querystring: querySchema, response: PORTAL_RESPONSES } },
        (request, reply) => answer(request.query, reply),
      )
    portal.post(
      url,
      {
        schema: { body: querySchema, response: PORTAL_RESPONSES },
        ...(options.isWrite ? { preValidation: writeLimit } : {}),
      },
      (request, reply) => answer(request.body, reply),
    )
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
  route(
    '/Article/DownloadList',
    DownloadPageQuerySchema,
    DownloadPageSchema,
    (q) => api.downloadPageList(q),
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
    '/Project/HomeSummary',
    ProjectHomeQuerySchema,
    ProjectHomeSummarySchema,
    (q) => api.projectHomeSummary(q),
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
  // Public credit records (不良行为记录 / 行政处罚公示).
  route('/Credit/PageList', CreditPageQuerySchema, CreditPageSchema, (q) =>
    api.creditPageList(q),
  )
  route('/Credit/Detail', CreditDetailQuerySchema, CreditDetailSchema, (q) =>
    api.creditDetail(q),
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
