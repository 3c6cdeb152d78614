import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import {
  AccountIdParamsSchema,
  ApiTokenSchema,
  ChangePasswordSchema,
  CodeSchema,
  CreateApiTokenSchema,
  CreatedApiTokenSchema,
  EndedSessionsSchema,
  OkSchema,
  PasswordChangedSchema,
  TotpEnrolmentSchema,
} from '#common/schemas/staff.ts'
import {
  BeginContactSchema,
  ConfirmContactSchema,
  ContactChannelParamsSchema,
  ContactCodeSentSchema,
  ReminderSettingsSchema,
  StaffContactsSchema,
} from '#common/schemas/staff-contacts.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'
import type { StaffService } from '#server/staff/staff-service.ts'

import { answers } from './staff-answers.ts'
import { actorOf, placeOf } from './staff-guard.ts'

export const ownAccountRoutes: FastifyPluginAsync<{
  staff: StaffService
}> = async (scope, { staff }) => {
  const app = withZodSchemas(scope)

  app.post(
    '/me/password',
    {
      config: { staff: { sessionOnly: true, audit: 'self.password' } },
      schema: {
        body: ChangePasswordSchema,
        response: answers(PasswordChangedSchema),
      },
    },
    async (request) => {
      const { endedSessions } = await staff.changePassword(
        actorOf(request),
        placeOf(request),
        request.body,
      )
      return { ok: true as const, endedSessions }
    },
  )
  app.post(
    '/me/sessions/end-others',
    {
      config: {
        staff: { sessionOnly: true, audit: 'self.end-other-sessions' },
      },
      schema: { response: answers(EndedSessionsSchema) },
    },
    async (request) =>
      staff.endOtherSessions(actorOf(request), placeOf(request)),
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
  // Where the deadline reminders go, and when (server/complaints/reminders/).
  app.get(
    '/me/contacts',
    {
      config: { staff: { sessionOnly: true } },
      schema: { response: answers(StaffContactsSchema) },
    },
    async (request) => staff.contactsOf(actorOf(request).accountId),
  )
  app.post(
    '/me/contacts',
    {
      config: { staff: { sessionOnly: true } },
      schema: {
        body: BeginContactSchema,
        response: answers(ContactCodeSentSchema),
      },
    },
    async (request) =>
      staff.beginContact(actorOf(request), placeOf(request), request.body),
  )
  app.post(
    '/me/contacts/confirm',
    {
      config: { staff: { sessionOnly: true } },
      schema: {
        body: ConfirmContactSchema,
        response: answers(StaffContactsSchema),
      },
    },
    async (request) => {
      const contacts = await staff.confirmContact(
        actorOf(request),
        placeOf(request),
        request.body,
      )
      // A newly confirmed address gets what is due today at once.
      request.server.complaintReminders.wake()
      return contacts
    },
  )
  app.post(
    '/me/contacts/:channel/remove',
    {
      config: { staff: { sessionOnly: true } },
      schema: {
        params: ContactChannelParamsSchema,
        response: answers(StaffContactsSchema),
      },
    },
    async (request) =>
      staff.removeContact(
        actorOf(request),
        placeOf(request),
        request.params.channel,
      ),
  )
  app.put(
    '/me/reminders',
    {
      config: { staff: { sessionOnly: true } },
      schema: {
        body: ReminderSettingsSchema,
        response: answers(StaffContactsSchema),
      },
    },
    async (request) => {
      const contacts = await staff.setReminderDays(
        actorOf(request),
        placeOf(request),
        request.body.days,
      )
      request.server.complaintReminders.wake()
      return contacts
    },
  )
}
