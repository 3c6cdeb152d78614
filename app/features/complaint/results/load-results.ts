import { data } from 'react-router'

import type { PortalApi } from '#common/portal-api.ts'
import { PublishedComplaintDetailQuerySchema } from '#common/schemas/complaint/complaint-published.ts'

import { type ResultsQuery, toPublishedQuery } from './results-query.ts'

export async function loadResultsList(api: PortalApi, query: ResultsQuery) {
  const page = await api.complaintPageList(toPublishedQuery(query))
  return { query, items: page.Table, total: page.Total }
}

export async function loadResultDetail(api: PortalApi, idParam: string | null) {
  const parsed = PublishedComplaintDetailQuerySchema.safeParse({ id: idParam })
  if (!parsed.success) throw data('投诉处理结果编号无效', { status: 404 })
  const result = await api.complaintDetail(parsed.data)
  if (!result) throw data('投诉处理结果不存在', { status: 404 })
  return { result }
}
