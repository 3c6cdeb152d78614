import { useCallback, useMemo } from 'react'
import { useRevalidator } from 'react-router'

import { PAGE_SIZE } from '#common/constants/ui.ts'
import {
  StaffComplaintDashboardSchema,
  type StaffComplaintQueueQuery,
  StaffComplaintPageSchema,
} from '#common/schemas/complaint/complaint-queue.ts'
import {
  DecisionDraftSchema,
  FeedbackRepliedSchema,
  type FeedbackReplySchema,
  StaffActionResultSchema,
  StaffComplaintDetailSchema,
  StaffFeedbackPageSchema,
} from '#common/schemas/complaint/complaint-staff.ts'
import type { z } from 'zod'

import { staffApi } from '#app/console/api/staff-api-client.ts'
import { useSignInOnSessionEnd } from '#app/console/api/use-sign-in-on-session-end.ts'
import type { Act, Values } from './action-dialog.tsx'
import { queueApiSearch } from './queue-query.ts'

/*
 * The workbench's reads and changes through the console's staff API client
 * (docs/api/staff-api.md): the routes load with the first, the screen parts act with the second.
 */

const complaintPath = (complaintNo: string) =>
  `/complaints/${encodeURIComponent(complaintNo)}`

/** GET /complaints with the queue's filters. */
export const loadComplaintQueue = (query: StaffComplaintQueueQuery) =>
  staffApi.get(
    '/complaints',
    StaffComplaintPageSchema,
    Object.fromEntries(new URLSearchParams(queueApiSearch(query))),
  )

export const loadComplaintDashboard = () =>
  staffApi.get('/complaints/dashboard', StaffComplaintDashboardSchema)

export const loadComplaint = (complaintNo: string) =>
  staffApi.get(complaintPath(complaintNo), StaffComplaintDetailSchema)

/** GET /feedback for the page URL's "page" (1 when missing or malformed). */
export async function loadFeedbackPage(params: URLSearchParams) {
  const page = Number(params.get('page'))
  const pageNo = Number.isInteger(page) && page >= 1 ? page : 1
  const answer = await staffApi.get('/feedback', StaffFeedbackPageSchema, {
    pageNo,
    pageSize: PAGE_SIZE,
  })
  return { ...answer, pageSize: PAGE_SIZE }
}

/**
 * Runs a call of the workbench for a screen part that shows its refusals itself: a refusal
 * rejects with the server's Chinese message (StaffApiError), except that an ended session also
 * leads to the sign-in page and back here afterwards. A change, once done, has the page's data
 * read again before it resolves, so the dialog closes on the complaint as it is now.
 */
function useWorkbenchCall() {
  const signInIfEnded = useSignInOnSessionEnd()
  const revalidator = useRevalidator()
  return useCallback(
    async <T>(work: () => Promise<T>, isChange: boolean): Promise<T> => {
      try {
        const result = await work()
        if (isChange) await revalidator.revalidate()
        return result
      } catch (error) {
        signInIfEnded(error)
        throw error
      }
    },
    [signInIfEnded, revalidator],
  )
}

/** ActionPanel's calls for one complaint. */
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
          () => staffApi.get(`${path}/decision-draft`, DecisionDraftSchema),
          false,
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

/** FeedbackReplies' reply: POST /feedback/:id/reply, then the list read again. */
export function useFeedbackReply() {
  const call = useWorkbenchCall()
  return useCallback(
    (id: number, body: z.output<typeof FeedbackReplySchema>) =>
      call(
        () =>
          staffApi.post(`/feedback/${id}/reply`, FeedbackRepliedSchema, body),
        true,
      ),
    [call],
  )
}
