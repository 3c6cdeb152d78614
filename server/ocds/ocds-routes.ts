import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify'
import { z } from 'zod'

import {
  OCDS_BULK_FILE,
  OCDS_ERRORS,
  OcdsBulkParamsSchema,
  OcdsErrorSchema,
  type OcdsErrorCode,
  OcdsRecordParamsSchema,
  OcdsReleasesQuerySchema,
} from '#common/schemas/ocds.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import type { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import type { BulkFiles } from './ocds-bulk-files.ts'
import { OcdsRefusal } from './ocds-refusal.ts'
import type { OcdsService } from './ocds-service.ts'

type OcdsRoutesOptions = {
  service: OcdsService
  bulk: BulkFiles
}

// Generous for a program paging through the releases, low enough that no address can keep
// the database busy; a bulk file is the way to take everything, and is made once per change.
const LIMIT = { max: 120, timeWindow: 60_000 }
const BULK_LIMIT = { max: 20, timeWindow: 60_000 }

const PackageSchema = z.looseObject({
  uri: z.string(),
  version: z.string(),
  publishedDate: z.string(),
  publisher: z.looseObject({ name: z.string() }),
})
const ReleaseHeadSchema = z.looseObject({
  ocid: z.string(),
  id: z.string(),
  date: z.string(),
  tag: z.array(z.string()),
})
const ReleasePackageSchema = PackageSchema.extend({
  releases: z.array(ReleaseHeadSchema),
})
const RecordPackageSchema = PackageSchema.extend({
  records: z.array(
    z.looseObject({ ocid: z.string(), releases: z.array(ReleaseHeadSchema) }),
  ),
})
const ERROR_RESPONSES = {
  400: OcdsErrorSchema,
  404: OcdsErrorSchema,
  429: OcdsErrorSchema,
}

const FIELD_CODES: Record<string, OcdsErrorCode> = {
  since: 'invalid_since',
  page: 'invalid_page',
  after: 'invalid_after',
}

function codeFor(error: FastifyError | Refusal, status: number): OcdsErrorCode {
  if (error instanceof OcdsRefusal) return error.code
  const field =
    'validation' in error
      ? error.validation?.[0]?.instancePath.split('/')[1]
      : undefined
  if (field && FIELD_CODES[field]) return FIELD_CODES[field]
  if (status === 404) return 'not_found'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'internal_error'
  return 'bad_request'
}

// Refusals too: open to every origin, never sniffed.
function openHeaders(reply: FastifyReply) {
  reply.headers({
    'access-control-allow-origin': '*',
    'access-control-expose-headers':
      'ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
    'cross-origin-resource-policy': 'cross-origin',
    'x-content-type-options': 'nosniff',
  })
}

function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match']
  if (!header) return false
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag)
}

export async function ocdsRoutes(
  app: FastifyInstance,
  { service, bulk }: OcdsRoutesOptions,
) {
  const limit = app.rateLimit({
    ...LIMIT,
    groupId: 'ocds',
    errorResponseBuilder: () => new OcdsRefusal(429, 'rate_limited'),
  })
  const bulkLimit = app.rateLimit({
    ...BULK_LIMIT,
    groupId: 'ocds-bulk',
    errorResponseBuilder: () => new OcdsRefusal(429, 'rate_limited'),
  })
  app.addHook('onRequest', async (_request, reply) => openHeaders(reply))
  // One limiter per request (the rate limiter runs the first a request meets): the bulk files
  // count on their own, lower limit, everything else on the general one.
  app.addHook('onRequest', async (request, reply) => {
    const isBulk = request.routeOptions.url === `${app.prefix}/bulk/:file`
    await (isBulk ? bulkLimit : limit).call(app, request, reply)
  })

  app.setErrorHandler<FastifyError | Refusal>(async (error, request, reply) => {
    const answer = answerFor(error, request)
    const code = codeFor(error, answer.status)
    openHeaders(reply)
    return reply.code(answer.status).send({
      code,
      // A failure inside the server says nothing of it; a refusal says what was wrong.
      message:
        answer.status >= 500 ? OCDS_ERRORS.internal_error : answer.message,
    })
  })
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send({ code: 'not_found', message: OCDS_ERRORS.not_found }),
  )
  // The pages' catch-all (/*) would otherwise answer a GET below /ocds/ with the front page.
  app.get('/*', { schema: { response: ERROR_RESPONSES } }, async () => {
    throw new OcdsRefusal(404, 'not_found')
  })

  // CORS preflight: any origin may read with GET or HEAD and the headers it asks for.
  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = request.headers['access-control-request-headers']
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-max-age', '86400')
    if (typeof asked === 'string' && /^[\w-]+(\s*,\s*[\w-]+)*$/.test(asked))
      reply.header('access-control-allow-headers', asked)
    return reply.send()
  }
  app.options('/', preflight)
  app.options('/*', preflight)

  const ocds = withZodSchemas(app)
  const json = (reply: FastifyReply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=10')

  ocds.get(
    '/',
    { schema: { response: { 200: z.looseObject({ name: z.string() }) } } },
    async (_request, reply) => json(reply).send(await service.index()),
  )

  ocds.get(
    '/releases',
    {
      schema: {
        querystring: OcdsReleasesQuerySchema,
        response: { 200: ReleasePackageSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      json(reply).send(await service.releasePage(request.query)),
  )

  ocds.get(
    '/records/:ocid',
    {
      schema: {
        params: OcdsRecordParamsSchema,
        response: { 200: RecordPackageSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      json(reply).send(await service.record(request.params.ocid)),
  )

  // The file is bytes, not JSON: the route is typed by hand, its params still checked by zod.
  app.get<{ Params: z.infer<typeof OcdsBulkParamsSchema> }>(
    '/bulk/:file',
    {
      schema: {
        params: OcdsBulkParamsSchema,
        response: { ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const year = Number(OCDS_BULK_FILE.exec(request.params.file)?.[1])
      const years = await service.releaseYears()
      if (!years.includes(year))
        throw new OcdsRefusal(
          404,
          'unknown_year',
          years.length === 0
            ? `${OCDS_ERRORS.unknown_year}：尚无发布的数据`
            : `${OCDS_ERRORS.unknown_year}：可下载 ${years[0]} 至 ${years.at(-1)} 年`,
        )
      const file = await bulk.get(year)
      reply
        .header('etag', file.etag)
        // Asked again each time, answered 304 while the file is the same.
        .header('cache-control', 'public, no-cache')
      if (isFresh(request, file.etag)) return reply.code(304).send()
      return reply
        .header('content-type', 'application/gzip')
        .header(
          'content-disposition',
          `attachment; filename="ocds-releases-${year}.jsonl.gz"`,
        )
        .send(file.body)
    },
  )
}
