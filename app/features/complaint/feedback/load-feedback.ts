import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { intParam } from '#common/url-params.ts'

export async function loadFeedback(api: PortalApi, params: URLSearchParams) {
  const page = intParam(params.get('page'))
  const result = await api.complaintFeedbackDetail({
    pageNo: page,
    pageSize: PAGE_SIZE,
  })
  return { page, items: result.Table, total: result.Total }
}
