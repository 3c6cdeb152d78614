import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'

import type { Kysely } from 'kysely'

import { COMPLAINT_ACTION_ROLE, ROLE_HEAD } from '#common/constants/staff.ts'
import {
  STAFF_ACTIONS,
  type StaffAction,
  StaffActionResultSchema,
  StaffActionSchemas,
} from '#common/schemas/complaint/complaint-staff.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import { assertActionAllowed } from '#server/complaints/complaint-lifecycle.ts'
import { performComplaintAction } from '#server/complaints/complaint-service.ts'
import { buildStaffComplaintDetail } from '#server/complaints/staff/staff-view.ts'
import {
  assignableOrRefuse,
  assignOnSigning,
} from '#server/complaints/staff/complaint-assignment.ts'
import {
  type DraftKind,
  issuableDraftOrRefuse,
  markDraftIssued,
} from '#server/complaints/staff/complaint-drafts.ts'
import type { Database } from '#server/db/schema.ts'
import type { StaffActor } from '#server/staff/service/staff-context.ts'
import { ErrorMessageSchema } from '#server/shared/error-handler.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  ComplaintParamsSchema,
  type ComplaintRouteContext,
  READ,
} from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

// Checked before the signing, so that a refused choice changes nothing.
async function signingAssignee(
  db: Kysely<Database>,
  actor: StaffActor,
  assigneeId: number | undefined,
): Promise<number> {
  const chosen = assigneeId ?? actor.accountId
  if (chosen !== actor.accountId && !actor.roles.includes(ROLE_HEAD))
    throw new Refusal(
      403,
      '只有投诉负责人可以在签收时指定他人为承办人；不指定则由签收人承办',
    )
  await assignableOrRefuse(db, chosen)
  return chosen
}

// What leaves the department is let out only as drafted by someone else and checked
// (server/complaints/staff/complaint-drafts.ts).
const CHECKED_DRAFT: Partial<Record<StaffAction, DraftKind>> = {
  decide: 'decision',
  publish: 'publication',
}

export const complaintActionRoutes: FastifyPluginAsync<
  ComplaintRouteContext
> = async (scope, { db, deps, staff, calendar, now }) => {
  const app = withZodSchemas(scope)

  for (const action of STAFF_ACTIONS) {
    app.post(
      `/complaints/:complaintNo/actions/${action}`,
      {
        config: {
          staff: {
            roles: [COMPLAINT_ACTION_ROLE[action]],
            audit: `complaint.${action}`,
          },
        },
        schema: {
          params: ComplaintParamsSchema,
          body: StaffActionSchemas[action],
          response: answers(StaffActionResultSchema),
        },
      },
      async (request) => {
        const no = request.params.complaintNo
        const actor = actorOf(request)
        // The official is the person signed in or owning the token; a body's `operator`
        // (accepted for older clients) is not believed.
        const { operator: _ignored, ...payload } = request.body
        // Signing makes the 承办人: the person signing, or whom a head chose.
        const assigneeId =
          action === 'sign'
            ? await signingAssignee(
                db,
                actor,
                'assigneeId' in payload ? payload.assigneeId : undefined,
              )
            : undefined
        const draftKind = CHECKED_DRAFT[action]
        const reviewer = {
          accountId: actor.accountId,
          displayName: actor.displayName,
        }
        const complaint = draftKind
          ? await findComplaintByNo(db, no)
          : undefined
        if (draftKind && complaint) {
          // What the case's state forbids is said first: a draft cannot change it.
          assertActionAllowed(
            complaint,
            action,
            { kind: 'staff', name: actor.displayName },
            now(),
          )
          await issuableDraftOrRefuse(db, {
            complaint,
            kind: draftKind,
            reviewer,
            content: payload,
          })
        }
        const result = await performComplaintAction(
          db,
          { ...deps, log: request.log },
          no,
          action,
          { kind: 'staff', name: actor.displayName },
          payload,
        )
        if (draftKind && complaint)
          await markDraftIssued(db, {
            complaint,
            kind: draftKind,
            reviewer,
            now: now(),
          })
        if (assigneeId !== undefined)
          await assignOnSigning(db, {
            complaintNo: no,
            assigneeId,
            isChosen:
              'assigneeId' in payload && payload.assigneeId !== undefined,
            actorName: actor.displayName,
            now: now(),
          })
        await staff.audit({
          actor,
          address: request.ip,
          action: `complaint.${action}`,
          target: no,
          detail: {
            ...payload,
            state: result.state,
            eventId: result.eventId,
          },
        })
        const c = await findComplaintByNo(db, no)
        return {
          ...result,
          complaint: await buildStaffComplaintDetail(db, c!, now(), calendar),
        }
      },
    )
  }
  app.post(
    '/complaints/:complaintNo/actions/:action',
    {
      config: READ,
      schema: {
        params: ComplaintParamsSchema.extend({ action: z.string() }),
        response: { '4xx': ErrorMessageSchema },
      },
    },
    async (request) => {
      throw new Refusal(
        404,
        `没有“${request.params.action}”这项办理操作（可用：${STAFF_ACTIONS.join('、')}）`,
      )
    },
  )
}
