import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import { ROLE_ADMIN } from '#common/constants/staff.ts'
import {
  AccountIdParamsSchema,
  AccountWithLinkSchema,
  CreateAccountSchema,
  SetDisabledSchema,
  SetOidcSubjectSchema,
  SetRolesSchema,
  StaffAccountSchema,
} from '#common/schemas/staff.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf, type StaffRouteRule } from './staff-guard.ts'

export const ADMIN: StaffRouteRule = { roles: [ROLE_ADMIN], sessionOnly: true }

export const accountAdminRoutes: FastifyPluginAsync<{
  staff: StaffService
}> = async (scope, { staff }) => {
  const app = withZodSchemas(scope)

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
    '/accounts/:id/unlock',
    {
      config: { staff: { ...ADMIN, audit: 'account.unlock' } },
      schema: {
        params: AccountIdParamsSchema,
        response: answers(StaffAccountSchema),
      },
    },
    async (request) =>
      staff.unlockAccount(
        actorOf(request),
        placeOf(request),
        request.params.id,
      ),
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
}
