import type { FastifyPluginAsync } from 'fastify'

import {
  OkSchema,
  SessionAnswerSchema,
  SetupCodeSchema,
  SetupInfoSchema,
  SetupPasswordSchema,
  SetupTokenQuerySchema,
  SignInAnswerSchema,
  SignInSchema,
  TotpEnrolmentSchema,
} from '#common/schemas/staff.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import { setSessionCookie } from '#server/staff/staff-access.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

type SessionRoutesOptions = {
  staff: StaffService
}

export const sessionRoutes: FastifyPluginAsync<SessionRoutesOptions> = async (
  scope,
  { staff },
) => {
  const app = withZodSchemas(scope)

  // Signing in is open, and limited per address besides the service's throttle on failures.
  app.post(
    '/session',
    {
      config: { staff: { open: true, audit: 'session.sign-in' } },
      preHandler: scope.rateLimit({
        max: 60,
        timeWindow: 60_000,
        groupId: 'staff-sign-in',
      }),
      schema: { body: SignInSchema, response: answers(SignInAnswerSchema) },
    },
    async (request, reply) => {
      const { sessionId, csrfToken, account, failedSignIns, endsInMs } =
        await staff.signIn(placeOf(request), request.body)
      setSessionCookie(request, reply, sessionId)
      return { account, csrfToken, failedSignIns, endsInMs }
    },
  )
  app.get(
    '/session',
    {
      config: { staff: { sessionOnly: true } },
      schema: { response: answers(SessionAnswerSchema) },
    },
    async (request) => {
      const actor = actorOf(request)
      const account = (await staff.listAccounts()).find(
        (a) => a.id === actor.accountId,
      )!
      return {
        account,
        csrfToken: actor.csrfToken!,
        endsInMs: actor.sessionEndsInMs ?? 0,
      }
    },
  )
  app.delete(
    '/session',
    {
      config: { staff: { sessionOnly: true, audit: 'session.sign-out' } },
      schema: { response: answers(OkSchema) },
    },
    async (request, reply) => {
      await staff.signOut(actorOf(request), placeOf(request))
      setSessionCookie(request, reply, null)
      return { ok: true as const }
    },
  )

  // The one-time setup link: password first, then the new factor confirmed by a code.
  app.get(
    '/setup',
    {
      config: { staff: { open: true } },
      schema: {
        querystring: SetupTokenQuerySchema,
        response: answers(SetupInfoSchema),
      },
    },
    async (request) => staff.setupInfo(request.query.token),
  )
  app.post(
    '/setup/password',
    {
      config: { staff: { open: true, audit: 'setup.password' } },
      preHandler: scope.rateLimit({
        max: 30,
        timeWindow: 60_000,
        groupId: 'staff-setup-password',
      }),
      schema: {
        body: SetupPasswordSchema,
        response: answers(TotpEnrolmentSchema),
      },
    },
    async (request) =>
      staff.beginSetup(
        placeOf(request),
        request.body.token,
        request.body.password,
      ),
  )
  app.post(
    '/setup/factor',
    {
      config: { staff: { open: true, audit: 'setup.finish' } },
      preHandler: scope.rateLimit({
        max: 30,
        timeWindow: 60_000,
        groupId: 'staff-setup-factor',
      }),
      schema: { body: SetupCodeSchema, response: answers(OkSchema) },
    },
    async (request) => {
      await staff.finishSetup(
        placeOf(request),
        request.body.token,
        request.body.code,
      )
      return { ok: true as const }
    },
  )
}
