import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { ROLE_ADMIN, ROLE_AUDITOR } from '#common/constants/staff.ts'
import {
  AccountIdParamsSchema,
  AccountWithLinkSchema,
  ApiTokenSchema,
  AuditExportQuerySchema,
  AuditPageSchema,
  AuditQuerySchema,
  ChangePasswordSchema,
  CodeSchema,
  CreateAccountSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  OkSchema,
  OpenSessionSchema,
  SessionAnswerSchema,
  SetDisabledSchema,
  SetOidcSubjectSchema,
  SetRolesSchema,
  SetupCodeSchema,
  SetupInfoSchema,
  SetupPasswordSchema,
  SetupTokenQuerySchema,
  SignInSchema,
  StaffAccountSchema,
  TotpEnrolmentSchema,
} from '#common/schemas/staff.ts'
import type { Database } from '#server/db/schema.ts'
import { ErrorMessageSchema } from '#server/shared/error-handler.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'
import { setSessionCookie } from '#server/staff/staff-access.ts'
import {
  auditCsv,
  auditPage,
  type AuditFilterInput,
} from '#server/staff/audit-view.ts'
import type { Kysely } from 'kysely'

import { actorOf, placeOf, type StaffRouteRule } from './staff-guard.ts'

export type StaffConsoleRoutesOptions = {
  db: Kysely<Database>
  staff: StaffService
}

const answers = <T extends z.ZodType>(schema: T) => ({
  200: schema,
  '4xx': ErrorMessageSchema,
  '5xx': ErrorMessageSchema,
})

const ADMIN: StaffRouteRule = { roles: [ROLE_ADMIN], sessionOnly: true }

/**
 * The console's routes under /staff-api (docs/api/staff-api.md, Console): signing in and out,
 * the setup link, one's own password, factor and API tokens, the administrator's accounts
 * and the auditor's log. Registered inside the guarded scope (staff-guard.ts).
 */
export const staffConsoleRoutes: FastifyPluginAsync<
  StaffConsoleRoutesOptions
> = async (scope, { db, staff }) => {
  const app = withZodSchemas(scope)

  // Signing in is open, and limited per address besides the lockout per account.
  app.post(
    '/session',
    {
      config: { staff: { open: true, audit: 'session.sign-in' } },
      preHandler: scope.rateLimit({
        max: 60,
        timeWindow: 60_000,
        groupId: 'staff-sign-in',
      }),
      schema: { body: SignInSchema, response: answers(SessionAnswerSchema) },
    },
    async (request, reply) => {
      const { sessionId, csrfToken, account } = await staff.signIn(
        placeOf(request),
        request.body,
      )
      setSessionCookie(request, reply, sessionId)
      return { account, csrfToken }
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
      return { account, csrfToken: actor.csrfToken! }
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

  // One's own account.
  app.post(
    '/me/password',
    {
      config: { staff: { sessionOnly: true, audit: 'self.password' } },
      schema: { body: ChangePasswordSchema, response: answers(OkSchema) },
    },
    async (request) => {
      await staff.changePassword(
        actorOf(request),
        placeOf(request),
        request.body,
      )
      return { ok: true as const }
    },
  )
  app.post(
    '/me/factor',
    {
      config: { staff: { sessionOnly: true, audit: 'self.factor-begin' } },
      schema: { body: CodeSchema, response: answers(TotpEnrolmentSchema) },
    },
    async (request) =>
      staff.beginReenrol(actorOf(request), placeOf(request), request.body.code),
  )
  app.post(
    '/me/factor/confirm',
    {
      config: { staff: { sessionOnly: true, audit: 'self.factor-finish' } },
      schema: { body: CodeSchema, response: answers(OkSchema) },
    },
    async (request) => {
      await staff.finishReenrol(
        actorOf(request),
        placeOf(request),
        request.body.code,
      )
      return { ok: true as const }
    },
  )
  app.get(
    '/me/tokens',
    {
      config: { staff: { sessionOnly: true } },
      schema: {
        response: answers(z.object({ items: z.array(ApiTokenSchema) })),
      },
    },
    async (request) => ({
      items: await staff.listApiTokens(actorOf(request).accountId),
    }),
  )
  app.post(
    '/me/tokens',
    {
      config: { staff: { sessionOnly: true, audit: 'token.create' } },
      schema: {
        body: CreateApiTokenSchema,
        response: answers(CreatedApiTokenSchema),
      },
    },
    async (request) =>
      staff.createApiToken(actorOf(request), placeOf(request), request.body),
  )
  app.post(
    '/tokens/:id/revoke',
    {
      config: { staff: { sessionOnly: true, audit: 'token.revoke' } },
      schema: { params: AccountIdParamsSchema, response: answers(OkSchema) },
    },
    async (request) => {
      await staff.revokeApiToken(
        actorOf(request),
        placeOf(request),
        request.params.id,
      )
      return { ok: true as const }
    },
  )

  // The administrator's accounts.
  app.get(
    '/accounts',
    {
      config: { staff: ADMIN },
      schema: {
        response: answers(z.object({ items: z.array(StaffAccountSchema) })),
      },
    },
    async () => ({ items: await staff.listAccounts() }),
  )
  app.post(
    '/accounts',
    {
      config: { staff: { ...ADMIN, audit: 'account.create' } },
      schema: {
        body: CreateAccountSchema,
        response: answers(AccountWithLinkSchema),
      },
    },
    async (request) =>
      staff.createAccount(actorOf(request), placeOf(request), request.body),
  )
  app.post(
    '/accounts/:id/roles',
    {
      config: { staff: { ...ADMIN, audit: 'account.roles' } },
      schema: {
        params: AccountIdParamsSchema,
        body: SetRolesSchema,
        response: answers(StaffAccountSchema),
      },
    },
    async (request) =>
      staff.setRoles(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body.roles,
      ),
  )
  app.post(
    '/accounts/:id/disabled',
    {
      config: { staff: { ...ADMIN, audit: 'account.disable' } },
      schema: {
        params: AccountIdParamsSchema,
        body: SetDisabledSchema,
        response: answers(StaffAccountSchema),
      },
    },
    async (request) =>
      staff.setDisabled(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body.isDisabled,
      ),
  )
  app.post(
    '/accounts/:id/reset-factor',
    {
      config: { staff: { ...ADMIN, audit: 'account.reset-factor' } },
      schema: {
        params: AccountIdParamsSchema,
        response: answers(AccountWithLinkSchema),
      },
    },
    async (request) =>
      staff.resetFactor(actorOf(request), placeOf(request), request.params.id),
  )
  app.post(
    '/accounts/:id/oidc-subject',
    {
      config: { staff: { ...ADMIN, audit: 'account.oidc-link' } },
      schema: {
        params: AccountIdParamsSchema,
        body: SetOidcSubjectSchema,
        response: answers(StaffAccountSchema),
      },
    },
    async (request) =>
      staff.setOidcSubject(
        actorOf(request),
        placeOf(request),
        request.params.id,
        request.body.subject,
      ),
  )
  app.get(
    '/accounts/:id/sessions',
    {
      config: { staff: ADMIN },
      schema: {
        params: AccountIdParamsSchema,
        response: answers(z.object({ items: z.array(OpenSessionSchema) })),
      },
    },
    async (request) => ({ items: await staff.openSessions(request.params.id) }),
  )
  app.post(
    '/accounts/:id/end-sessions',
    {
      config: { staff: { ...ADMIN, audit: 'account.end-sessions' } },
      schema: {
        params: AccountIdParamsSchema,
        response: answers(z.object({ endedSessions: z.number().int() })),
      },
    },
    async (request) =>
      staff.endSessions(actorOf(request), placeOf(request), request.params.id),
  )
  app.get(
    '/tokens',
    {
      config: { staff: ADMIN },
      schema: {
        response: answers(z.object({ items: z.array(ApiTokenSchema) })),
      },
    },
    async () => ({ items: await staff.listApiTokens() }),
  )

  // The auditor's log: search, and export as CSV (the export is itself audited).
  app.get(
    '/audit',
    {
      config: { staff: { roles: [ROLE_AUDITOR] } },
      schema: {
        querystring: AuditQuerySchema,
        response: answers(AuditPageSchema),
      },
    },
    async (request) =>
      auditPage(db, request.query as AuditFilterInput, request.query),
  )
  app.get(
    '/audit/export',
    {
      config: { staff: { roles: [ROLE_AUDITOR], audit: 'audit.export' } },
      schema: { querystring: AuditExportQuerySchema },
    },
    async (request, reply) => {
      const filter = request.query as AuditFilterInput
      await staff.audit({
        actor: actorOf(request),
        address: request.ip,
        action: 'audit.export',
        target: '审计日志',
        detail: { filter },
      })
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="audit.csv"; filename*=UTF-8''${encodeURIComponent('审计日志.csv')}`,
        )
        .send(await auditCsv(db, filter))
    },
  )
}
