import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { z } from 'zod'

import { COMPLAINT_READ_ROLES, ROLE_HEAD } from '#common/constants/staff.ts'
import {
  DecisionDraftAnswerSchema,
  DecisionDraftSaveSchema,
  type DecisionDraft,
  DraftReturnSchema,
  StaffActionSchemas,
  StaffComplaintDetailSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import { findComplaintByNo } from '#server/complaints/complaint-repository.ts'
import { previewComplaintDocument } from '#server/complaints/complaint-service.ts'
import {
  type DraftKind,
  findDraft,
  returnDraft,
  saveDraft,
} from '#server/complaints/staff/complaint-drafts.ts'
import { draftDecision } from '#server/complaints/staff/decision-draft.ts'
import { buildStaffComplaintDetail } from '#server/complaints/staff/staff-view.ts'
import { Refusal } from '#server/shared/refusal.ts'
import { withZodSchemas } from '#server/shared/zod-validation.ts'

import {
  ComplaintParamsSchema,
  type ComplaintRouteContext,
} from './complaint-route-parts.ts'
import { answers } from './staff-answers.ts'
import { actorOf } from './staff-guard.ts'

// 拟稿 → 核稿 → 签发 (server/complaints/staff/complaint-drafts.ts): a 投诉处理 or a head drafts
// the 处理决定书 and proposes the summary to publish; a head who did not draft them returns them
// with comments here, or lets them out with the decide or publish action.
export const complaintDecisionRoutes: FastifyPluginAsync<
  ComplaintRouteContext
> = async (scope, { db, deps, staff, calendar, now }) => {
  const app = withZodSchemas(scope)
  const DRAFTERS = COMPLAINT_READ_ROLES

  async function complaintOf(request: FastifyRequest) {
    const { complaintNo } = request.params as { complaintNo: string }
    const c = await findComplaintByNo(db, complaintNo)
    if (!c) throw new Refusal(404, `投诉编号${complaintNo}不存在`)
    return c
  }
  const drafterOf = (request: FastifyRequest) => {
    const actor = actorOf(request)
    return { accountId: actor.accountId, displayName: actor.displayName }
  }
  async function audited(
    request: FastifyRequest,
    action: string,
    target: string,
    detail: Record<string, unknown>,
  ) {
    await staff.audit({
      actor: actorOf(request),
      address: request.ip,
      action,
      target,
      detail,
    })
  }
  async function detailOf(complaintNo: string) {
    const c = await findComplaintByNo(db, complaintNo)
    return {
      complaint: await buildStaffComplaintDetail(db, c!, now(), calendar),
    }
  }

  // The text saved last, or before anyone saved one, the draft made from the record.
  async function decisionDraftAnswer(
    c: Awaited<ReturnType<typeof complaintOf>>,
  ) {
    const saved = await findDraft<DecisionDraft>(db, c.id, 'decision')
    if (saved) return { ...saved.content, draft: saved.state }
    return { ...(await draftDecision(db, c)), draft: null }
  }

  app.get(
    '/complaints/:complaintNo/decision-draft',
    {
      config: { staff: { roles: DRAFTERS } },
      schema: {
        params: ComplaintParamsSchema,
        response: answers(DecisionDraftAnswerSchema),
      },
    },
    async (request) => decisionDraftAnswer(await complaintOf(request)),
  )

  app.put(
    '/complaints/:complaintNo/decision-draft',
    {
      config: {
        staff: { roles: DRAFTERS, audit: 'complaint.decision-draft.save' },
      },
      schema: {
        params: ComplaintParamsSchema,
        body: DecisionDraftSaveSchema,
        response: answers(DecisionDraftAnswerSchema),
      },
    },
    async (request) => {
      const c = await complaintOf(request)
      await saveDraft(db, {
        complaint: c,
        kind: 'decision',
        content: request.body,
        drafter: drafterOf(request),
        submit: false,
        now: now(),
      })
      await audited(request, 'complaint.decision-draft.save', c.complaintNo, {
        conclusion: request.body.conclusion,
      })
      return decisionDraftAnswer(c)
    },
  )

  const SUBMITTED = {
    decision: StaffActionSchemas.decide.omit({ operator: true }),
    publication: StaffActionSchemas.publish.omit({ operator: true }),
  } as const
  for (const kind of [
    'decision',
    'publication',
  ] as const satisfies DraftKind[]) {
    app.post(
      `/complaints/:complaintNo/${kind}-draft/submit`,
      {
        config: {
          staff: { roles: DRAFTERS, audit: `complaint.${kind}-draft.submit` },
        },
        schema: {
          params: ComplaintParamsSchema,
          body: SUBMITTED[kind],
          response: answers(
            z.object({ complaint: StaffComplaintDetailSchema }),
          ),
        },
      },
      async (request) => {
        const c = await complaintOf(request)
        await saveDraft(db, {
          complaint: c,
          kind,
          content: request.body,
          drafter: drafterOf(request),
          submit: true,
          now: now(),
        })
        await audited(
          request,
          `complaint.${kind}-draft.submit`,
          c.complaintNo,
          { ...request.body },
        )
        return detailOf(c.complaintNo)
      },
    )

    app.post(
      `/complaints/:complaintNo/${kind}-draft/return`,
      {
        config: {
          staff: {
            roles: [ROLE_HEAD],
            audit: `complaint.${kind}-draft.return`,
          },
        },
        schema: {
          params: ComplaintParamsSchema,
          body: DraftReturnSchema,
          response: answers(
            z.object({ complaint: StaffComplaintDetailSchema }),
          ),
        },
      },
      async (request) => {
        const c = await complaintOf(request)
        await returnDraft(db, {
          complaint: c,
          kind,
          reviewer: drafterOf(request),
          comment: request.body.comment,
          now: now(),
        })
        await audited(
          request,
          `complaint.${kind}-draft.return`,
          c.complaintNo,
          { comment: request.body.comment },
        )
        return detailOf(c.complaintNo)
      },
    )
  }

  // Nothing is stored or changed, so like every read it is not in the audit log. The drafter
  // previews what they write, the head what they are about to issue.
  app.post(
    '/complaints/:complaintNo/decision-preview',
    {
      config: {
        staff: { roles: DRAFTERS, audit: 'complaint.decision-preview' },
      },
      schema: {
        params: ComplaintParamsSchema,
        body: StaffActionSchemas.decide,
        response: answers(z.instanceof(Buffer).describe('application/pdf')),
      },
    },
    async (request, reply) => {
      const { operator: _ignored, ...payload } = request.body
      const { title, pdf } = await previewComplaintDocument(
        db,
        { ...deps, log: request.log },
        request.params.complaintNo,
        'decide',
        { kind: 'staff', name: actorOf(request).displayName },
        payload,
      )
      const name = `${title}（草稿）（${request.params.complaintNo}）.pdf`
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .send(Buffer.from(pdf))
    },
  )
}
