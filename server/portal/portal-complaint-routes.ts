import type { PortalApi } from '#common/portal-api.ts'
import {
  FeedbackDetailQuerySchema,
  FeedbackPageSchema,
  FeedbackSubmitSchema,
  FeedbackSubmittedSchema,
  PublishedComplaintDetailQuerySchema,
  PublishedComplaintDetailSchema,
  PublishedComplaintPageSchema,
  PublishedComplaintQuerySchema,
} from '#common/schemas/complaint/complaint-published.ts'

import {
  ComplaintFiguresQuerySchema,
  ComplaintFiguresSchema,
} from '#common/schemas/complaint/complaint-figures.ts'

import type { PortalRoute } from './portal-route.ts'

// Feedback is the one write of the Portal API.
export function portalComplaintRoutes(route: PortalRoute, api: PortalApi) {
  route(
    '/Complaint/PageList',
    PublishedComplaintQuerySchema,
    PublishedComplaintPageSchema,
    (q) => api.complaintPageList(q),
  )
  route(
    '/Complaint/Detail',
    PublishedComplaintDetailQuerySchema,
    PublishedComplaintDetailSchema,
    (q) => api.complaintDetail(q),
  )
  route(
    '/Complaint/Feedback',
    FeedbackSubmitSchema,
    FeedbackSubmittedSchema,
    (q) => api.complaintFeedback(q),
    { isWrite: true },
  )
  route(
    '/Complaint/Figures',
    ComplaintFiguresQuerySchema,
    ComplaintFiguresSchema,
    (q) => api.complaintFigures(q),
  )
  route(
    '/Complaint/FeedbackDetail',
    FeedbackDetailQuerySchema,
    FeedbackPageSchema,
    (q) => api.complaintFeedbackDetail(q),
  )
}
