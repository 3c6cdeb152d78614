import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify'

import {
  OidcCallbackQuerySchema,
  OidcStartQuerySchema,
  SignInOptionsSchema,
} from '#common/schemas/staff.ts'
import { ErrorMessageSchema } from '#server/shared/error-handler.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import { OidcRefusal } from '#server/staff/oidc-refusal.ts'
import {
  readOidcBrowserCookie,
  setOidcBrowserCookie,
  setSessionCookie,
} from '#server/staff/staff-access.ts'
import {
  auditedRefusals,
  type StaffService,
} from '#server/staff/staff-service.ts'

import { placeOf } from './staff-guard.ts'

type OidcRoutesOptions = {
  staff: StaffService
  oidc: FastifyInstance['staffOidc']
}

const START_PATH = '/staff-api/oidc/start'
const SIGN_IN_PAGE = '/admin/login'

const searchOf = (url: string) => {
  const at = url.indexOf('?')
  return at < 0 ? '' : url.slice(at)
}

// A refusal sends the browser to the sign-in page with its code (`?error=oidc-…`) and goes to the
// audit log as a failed sign-in.
export const oidcRoutes: FastifyPluginAsync<OidcRoutesOptions> = async (
  scope,
  { staff, oidc },
) => {
  const app = withZodSchemas(scope)

  function configured() {
    if (!oidc)
      throw new Refusal(
        404,
        '本系统未启用统一身份认证登录，请使用账号、密码和动态验证码登录',
      )
    return oidc
  }

  async function toSignInPage(
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
  ) {
    if (!(error instanceof OidcRefusal)) throw error
    if (!auditedRefusals.has(error))
      await staff.audit({
        actor: null,
        address: request.ip,
        action: 'session.sign-in',
        outcome: 'refused',
        detail: {
          method: 'oidc',
          reason: error.message,
          providerError: error.providerError,
        },
      })
    if (error.providerError)
      request.log.warn(
        { err: error.cause ?? error, providerError: error.providerError },
        'sign-in through the identity provider refused',
      )
    return reply.redirect(`${SIGN_IN_PAGE}?error=${error.code}`, 303)
  }

  app.get(
    '/sign-in-options',
    {
      config: { staff: { open: true } },
      schema: {
        response: { 200: SignInOptionsSchema, '4xx': ErrorMessageSchema },
      },
    },
    async () => ({
      oidc: oidc ? { label: oidc.label, startUrl: START_PATH } : null,
    }),
  )

  // Limited per address as the password sign-in: each start keeps a pending sign-in.
  app.get(
    '/oidc/start',
    {
      config: { staff: { open: true, audit: 'session.sign-in' } },
      preHandler: scope.rateLimit({
        max: 60,
        timeWindow: 60_000,
        groupId: 'staff-oidc-start',
      }),
      schema: { querystring: OidcStartQuerySchema },
    },
    async (request, reply) => {
      const { signIn } = configured()
      try {
        const { authorizationUrl, browserKey } = await signIn.begin(
          request.query.returnTo,
        )
        setOidcBrowserCookie(request, reply, browserKey)
        return reply.redirect(authorizationUrl.href, 303)
      } catch (error) {
        return toSignInPage(request, reply, error)
      }
    },
  )

  app.get(
    '/oidc/callback',
    {
      config: { staff: { open: true, audit: 'session.sign-in' } },
      preHandler: scope.rateLimit({
        max: 60,
        timeWindow: 60_000,
        groupId: 'staff-oidc-callback',
      }),
    },
    async (request, reply) => {
      const { signIn } = configured()
      // The begun sign-in is used up whatever the outcome: its key goes too.
      setOidcBrowserCookie(request, reply, null)
      try {
        const query = OidcCallbackQuerySchema.safeParse(request.query)
        if (!query.success)
          throw new OidcRefusal('oidc-failed', {
            providerError: 'the callback query is malformed or too long',
          })
        const { subject, returnTo } = await signIn.finish(
          searchOf(request.url),
          query.data.state,
          readOidcBrowserCookie(request),
        )
        const { sessionId } = await staff.signInWithOidc(
          placeOf(request),
          subject,
        )
        setSessionCookie(request, reply, sessionId)
        return reply.redirect(returnTo, 303)
      } catch (error) {
        return toSignInPage(request, reply, error)
      }
    },
  )
}
