import { createHash } from 'node:crypto'

import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify'

import { ALERT_FILTER_FIELDS } from '#common/alert-filters.ts'
import {
  ALERT_MESSAGES,
  ALERT_OUTCOMES,
  type AlertOutcome,
} from '#common/constants/alerts.ts'
import {
  AlertAnswerSchema,
  AlertLinkBodySchema,
  AlertLinkQuerySchema,
  AlertSubscribeBodySchema,
  AlertTokenSchema,
} from '#common/schemas/alerts.ts'
import type { AlertService } from '#server/alerts/alerts-service.ts'
import { answerFor } from '#server/shared/error-handler.ts'
import { acceptJsonBodies } from '#server/shared/json-body.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import type { PageRenderer } from './page-routes.ts'

// An address, a keyword, a few choices.
const FORM_BODY_LIMIT = 8 * 1024
const REQUESTS_PER_CLIENT = { max: 10, timeWindow: 10 * 60_000 }
const REQUESTS_PER_ADDRESS = { max: 5, timeWindow: 60 * 60_000 }
// A link is 256 bits: none is guessed.
const LINK_TRIES_PER_CLIENT = { max: 30, timeWindow: 10 * 60_000 }

type Routes = 'subscribe' | 'confirm' | 'unsubscribe'

const isFormPost = (request: FastifyRequest) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(
    request.headers['content-type'] ?? '',
  )

// RFC 8058 one-click unsubscription.
const isOneClick = (request: FastifyRequest) =>
  (request.body as Record<string, unknown> | undefined)?.[
    'List-Unsubscribe'
  ] === 'One-Click'

const outcomeOfMessage = (message: string): AlertOutcome | undefined =>
  (Object.keys(ALERT_OUTCOMES) as AlertOutcome[]).find(
    (outcome) => ALERT_MESSAGES[ALERT_OUTCOMES[outcome]] === message,
  )

function refusedOutcome(route: Routes, message: string, status: number) {
  if (status === 429) return 'too-many'
  const outcome = outcomeOfMessage(message)
  if (outcome) return outcome
  if (route === 'confirm') return 'invalid'
  if (route === 'unsubscribe') return 'invalid-unsubscribe'
  return 'bad-filters'
}

function outcomePage(
  request: FastifyRequest,
  route: Routes,
  outcome: AlertOutcome,
) {
  const params = new URLSearchParams()
  if (route === 'subscribe') {
    // The parsed request's filters, or the fields as sent when they were refused.
    const body = (request.body ?? {}) as Record<string, unknown>
    const fields = (
      typeof body.filters === 'object' && body.filters ? body.filters : body
    ) as Record<string, unknown>
    for (const field of ALERT_FILTER_FIELDS) {
      const value = fields[field]
      if (typeof value === 'string' && value)
        params.set(field, value.slice(0, 200))
    }
  }
  params.set('outcome', outcome)
  return `/alerts/${route}?${params.toString()}`
}

const routeOf = (request: FastifyRequest): Routes =>
  (request.routeOptions.url?.split('/').at(-1) as Routes | undefined) ??
  'subscribe'

// A form's success is redirected with 303, so a reload sends nothing again; a refusal is
// rendered with its 4xx status.
export async function alertRoutes(
  app: FastifyInstance,
  { alerts, render }: { alerts: AlertService; render: PageRenderer | null },
) {
  acceptJsonBodies(app, { maxBytes: FORM_BODY_LIMIT })
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  // A mail client may post RFC 8058's one field as multipart: the token is in the address.
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) =>
      done(null, {
        'List-Unsubscribe': /name="List-Unsubscribe"\r?\n\r?\nOne-Click/.test(
          body as string,
        )
          ? 'One-Click'
          : undefined,
      }),
  )
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex')
  })

  app.setErrorHandler(
    async (error: FastifyError | Refusal, request, reply: FastifyReply) => {
      const { status, message } = answerFor(error, request)
      const route = routeOf(request)
      if (!isFormPost(request) || isOneClick(request) || status >= 500)
        return reply.code(status).send({ message })
      const outcome = refusedOutcome(route, message, status)
      if (!render)
        return reply
          .code(status)
          .send({ message: ALERT_MESSAGES[ALERT_OUTCOMES[outcome]] })
      return render(request, reply, {
        url: outcomePage(request, route, outcome),
        status,
      })
    },
  )

  const routes = withZodSchemas(app)
  const answers = {
    200: AlertAnswerSchema,
    '4xx': AlertAnswerSchema,
    '5xx': AlertAnswerSchema,
  }
  const succeed = (
    request: FastifyRequest,
    reply: FastifyReply,
    route: Routes,
    outcome: AlertOutcome,
  ) =>
    isFormPost(request) && !isOneClick(request)
      ? reply.redirect(outcomePage(request, route, outcome), 303)
      : reply.send({ message: ALERT_MESSAGES[ALERT_OUTCOMES[outcome]] })

  const perAddress = app.createRateLimit({
    ...REQUESTS_PER_ADDRESS,
    // The name its counts go under in Redis (shared-rate-limit-store.ts); the plugin passes
    // it on to the store although its type does not list it.
    groupId: 'alerts-subscribe-address',
    // Counted under a digest: an address is never a key in Redis or in memory.
    keyGenerator: (request: FastifyRequest) =>
      createHash('sha256')
        .update(`alerts:${(request.body as { email: string }).email}`)
        .digest('base64url'),
  } as Parameters<FastifyInstance['createRateLimit']>[0])
  routes.post(
    '/alerts/subscribe',
    {
      schema: { body: AlertSubscribeBodySchema, response: answers },
      config: { rateLimit: REQUESTS_PER_CLIENT },
      preHandler: async (request) => {
        // A limiter of its own beside the route's: the plugin runs one limiter per request.
        const limit = await perAddress(request)
        if (!limit.isAllowed && limit.isExceeded)
          throw new Refusal(429, ALERT_MESSAGES.tooMany)
      },
    },
    async (request, reply) => {
      await alerts.subscribe(request.body)
      return succeed(request, reply, 'subscribe', 'requested')
    },
  )

  const linkRoute = (route: 'confirm' | 'unsubscribe') =>
    routes.post(
      `/alerts/${route}`,
      {
        schema: {
          querystring: AlertLinkQuerySchema,
          body: AlertLinkBodySchema,
          response: answers,
        },
        config: { rateLimit: LINK_TRIES_PER_CLIENT },
      },
      async (request, reply) => {
        const invalid =
          route === 'confirm'
            ? ALERT_MESSAGES.invalidConfirm
            : ALERT_MESSAGES.invalidUnsubscribe
        const parsed = AlertTokenSchema.safeParse(
          request.body?.token ?? request.query.token,
        )
        if (!parsed.success) throw new Refusal(404, invalid)
        if (route === 'confirm') {
          await alerts.confirm(parsed.data)
          return succeed(request, reply, route, 'confirmed')
        }
        await alerts.unsubscribe(parsed.data)
        return succeed(request, reply, route, 'unsubscribed')
      },
    )
  linkRoute('confirm')
  linkRoute('unsubscribe')
}
