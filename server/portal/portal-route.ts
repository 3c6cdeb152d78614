import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'

import { MSG_NOT_FOUND } from '#common/messages.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { PORTAL_RESPONSES, portalOk } from './portal-protocol.ts'

// The result is parsed with its schema, dropping what the page does not need; null is a refusal
// with State 404.
export type PortalRoute = <Q extends z.ZodType, R extends z.ZodType>(
  url: string,
  querySchema: Q,
  resultSchema: R,
  load: (query: z.output<Q>) => Promise<z.input<R> | null>,
  options?: { isWrite?: boolean },
) => void

// Every operation it declares shares one serialization cache and one write limit.
export function portalRouteMaker(
  app: FastifyInstance,
  aesKey: string,
): PortalRoute {
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

  // Writes from anonymous visitors: a few a minute per address, counted after the sign is
  // checked and before the parameters are, so refused submissions count too.
  const writeLimit = app.rateLimit({
    max: 5,
    timeWindow: 60_000,
    groupId: 'portal-write',
    errorResponseBuilder: () => new Refusal(429, '提交过于频繁，请稍后再试'),
  })
  const portal = app.withTypeProvider<ZodTypeProvider>()

  return function route<Q extends z.ZodType, R extends z.ZodType>(
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
}
