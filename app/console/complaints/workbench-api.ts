import { useCallback, useMemo } from 'react'
import { useRevalidator } from 'react-router'

import { PAGE_SIZE } from '#common/constants/ui.ts'
import {
  StaffComplaintDashboardSchema,
  type StaffComplaintQueueQuery,
  StaffComplaintPageSchema,
} from '#common/schemas/complaint/complaint-queue.ts'
import {
  AssignableStaffSchema,
  type ComplaintAssign,
  ComplaintAssignResultSchema,
  DecisionDraftAnswerSchema,
  type DraftKind,
  FeedbackApprovedSchema,
  FeedbackRepliedSchema,
  type FeedbackReplySchema,
  StaffActionResultSchema,
  StaffComplaintDetailSchema,
  StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import { z } from 'zod'

import { StaffComplaintFiguresSchema } from '#common/schemas/complaint/complaint-figures.ts'
import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useSignInOnSessionEnd } from '#app/console/api/use-sign-in-on-session-end.ts'
import type { Act, Values } from './action-dialog.tsx'

const DraftAnswerSchema = z.object({ complaint: StaffComplaintDetailSchema })
import { queueApiSearch } from './queue-query.ts'

const complaintPath = (complaintNo: string) =>
  `/complaints/${encodeURIComponent(complaintNo)}`

export const loadComplaintQueue = (query: StaffComplaintQueueQuery) =>
  staffApi.get(
    '/complaints',
    StaffComplaintPageSchema,
    Object.fromEntries(new URLSearchParams(queueApiSearch(query))),
  )

export const loadAssignees = () =>
  staffApi.get('/complaints/assignees', AssignableStaffSchema)

export const loadComplaintDashboard = () =>
  staffApi.get('/complaints/dashboard', StaffComplaintDashboardSchema)

export const loadComplaintFigures = (query: {
  year?: number
  period: 'month' | 'quarter'
}) => staffApi.get('/complaints/figures', StaffComplaintFiguresSchema, query)

export const loadComplaint = (complaintNo: string) =>
  staffApi.get(complaintPath(complaintNo), StaffComplaintDetailSchema)

export async function loadFeedbackPage(params: URLSearchParams) {
  const page = Number(params.get('page'))
  const pageNo = Number.isInteger(page) && page >= 1 ? page : 1
  const answer = await staffApi.get('/feedback', StaffFeedbackPageSchema, {
    pageNo,
    pageSize: PAGE_SIZE,
  })
  return { ...answer, pageSize: PAGE_SIZE }
}

// A change, once done, has the page's data read again before it resolves, so that the dialog
// closes on the complaint as it is now.
function useWorkbenchCall() {
  const signInIfEnded = useSignInOnSessionEnd()
  const revalidator = useRevalidator()
  return useCallback(
    async <T>(work: () => Promise<T>, isChange: boolean): Promise<T> => {
      const send = async () => {
        const result = await work()
        if (isChange) await revalidator.revalidate()
        return result
      }
      try {
        return await send()
      } catch (error) {
        // Signed in again on the page: sent once more, with what was typed.
        if ((await signInIfEnded(error)) === 'retry') return send()
        throw error
      }
    },
    [signInIfEnded, revalidator],
  )
}

export function useComplaintActions(complaintNo: string) {
  const call = useWorkbenchCall()
  return useMemo(() => {
    const path = complaintPath(complaintNo)
    const act: Act = (action, body) =>
      call(
        () =>
          staffApi.post(
            `${path}/actions/${action}`,
            StaffActionResultSchema,
            body,
          ),
        true,
      )
    return {
      act,
      loadDecisionDraft: () =>
        call(
          () =>
            staffApi.get(`${path}/decision-draft`, DecisionDraftAnswerSchema),
          false,
        ),
      saveDecisionDraft: (values: Values) =>
        call(
          () =>
            staffApi.put(
              `${path}/decision-draft`,
              DecisionDraftAnswerSchema,
              values,
            ),
          false,
        ),
      submitDraft: (kind: DraftKind, body: Values) =>
        call(
          () =>
            staffApi.post(
              `${path}/${kind}-draft/submit`,
              DraftAnswerSchema,
              body,
            ),
          true,
        ),
      returnDraft: (kind: DraftKind, comment: string) =>
        call(
          () =>
            staffApi.post(`${path}/${kind}-draft/return`, DraftAnswerSchema, {
              comment,
            }),
          true,
        ),
      previewDecision: (body: Values) =>
        call(
          async () =>
            (await staffApi.postForFile(`${path}/decision-preview`, body)).blob,
          false,
        ),
    }
  }, [call, complaintNo])
}

export function useFeedbackReply() {
  const call = useWorkbenchCall()
  return useMemo(
    () => ({
      reply: (id: number, body: z.output<typeof FeedbackReplySchema>) =>
        call(
          () =>
            staffApi.post(`/feedback/${id}/reply`, FeedbackRepliedSchema, body),
          true,
        ),
      approve: (id: number) =>
        call(
          () =>
            staffApi.post(`/feedback/${id}/approve`, FeedbackApprovedSchema),
          true,
        ),
    }),
    [call],
  )
}

/** A head gives one complaint or several a 承办人; the page is read again once done. */
export function useAssignComplaints() {
  const call = useWorkbenchCall()
  return useCallback(
    (body: ComplaintAssign) =>
      call(
        () =>
          staffApi.post(
            '/complaints/assign',
            ComplaintAssignResultSchema,
            body,
          ),
        true,
      ),
    [call],
  )
}
