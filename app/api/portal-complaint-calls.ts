import { normalizePage } from '#common/normalize.ts'
import type { PortalApi } from '#common/portal-api.ts'
import type { ComplaintFigures } from '#common/schemas/complaint/complaint-figures.ts'
import type {
  FeedbackMessage,
  PublishedComplaintDetail,
  PublishedComplaintSummary,
} from '#common/schemas/complaint/complaint-published.ts'

import type { PortalPost } from './portal-http-post.ts'

export function createPortalComplaintCalls(
  post: PortalPost,
  base: string,
): Pick<
  PortalApi,
  | 'complaintPageList'
  | 'complaintDetail'
  | 'complaintFeedback'
  | 'complaintFeedbackDetail'
  | 'complaintFigures'
> {
  return {
    async complaintPageList(query) {
      const page = normalizePage<PublishedComplaintSummary>(
        await post<unknown>(`${base}/Complaint/PageList`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    complaintDetail: (query) =>
      post<PublishedComplaintDetail | null>(
        `${base}/Complaint/Detail`,
        query,
        true,
      ),
    complaintFeedback: (input) =>
      post<{ id: number }>(`${base}/Complaint/Feedback`, input),
    async complaintFeedbackDetail(query) {
      const page = normalizePage<FeedbackMessage>(
        await post<unknown>(`${base}/Complaint/FeedbackDetail`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    complaintFigures: (query) =>
      post<ComplaintFigures>(`${base}/Complaint/Figures`, query),
  }
}
