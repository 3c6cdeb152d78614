import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { ROLE_ADMIN } from '#common/constants/staff.ts'
import {
  AccountIdParamsSchema,
  AccountWithLinkSchema,
  ApiTokenSchema,
  ChangePasswordSchema,
  CodeSchema,
  CreateAccountSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  OkSchema,
  OpenSessionSchema,
  SetDisabledSchema,
  SetOidcSubjectSchema,
  SetRolesSchema,
  StaffAccountSchema,
  TotpEnrolmentSchema,
} from '#common/schemas/staff.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf, type StaffRouteRule } from './staff-guard.ts'

type AccountRoutesOptions = {
  staff: StaffService
}

const ADMIN: StaffRouteRule = { roles: [ROLE_ADMIN], sessionOnly: true }

/**
 * The accounts under /staff-api (docs/api/staff-api.md, Console): one's own password, factor
 * and API tokens, and the administrator's accounts, sessions and tokens. Registered inside the
 * guarded scope (staff-guard.ts).
 */
export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  scope,
  { staff },
) => {
  const app = withZodSchemas(scope)

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
}
