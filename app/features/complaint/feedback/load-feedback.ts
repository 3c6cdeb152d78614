import { z } from 'zod'

import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { PortalApi } from '#common/portal-api.ts'

const PageParamSchema = z.coerce.number().int().min(1).max(10_000).catch(1)

/** /complaint/feedback: one page of answered messages (POST /Complaint/FeedbackDetail). */
export async function loadFeedback(api: PortalApi, params: URLSearchParams) {
  const page = PageParamSchema.parse(params.get('page') ?? undefined)
  const result = await api.complaintFeedbackDetail({
    pageNo: page,
    pageSize: PAGE_SIZE,
  })
  return { page, items: result.Table, total: result.Total }
}
