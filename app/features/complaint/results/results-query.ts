import { href } from 'react-router'

import { COMPLAINT_TYPES } from '#common/constants/statute.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { PublishedComplaintQuery } from '#common/schemas/complaint/complaint-published.ts'
import { choiceParam, intParam, textParam } from '#common/url-params.ts'

const typeValues = COMPLAINT_TYPES.map((t) => t.value)

export type ResultsQuery = { page: number; keyword: string; type: string }

export function parseResultsQuery(params: URLSearchParams): ResultsQuery {
  return {
    page: intParam(params.get('page')),
    keyword: textParam(params.get('keyword')),
    type: choiceParam(params.get('type'), typeValues, ''),
  }
}

export function toPublishedQuery(query: ResultsQuery): PublishedComplaintQuery {
  return {
    pageNo: query.page,
    pageSize: PAGE_SIZE,
    keyword: query.keyword || undefined,
    complaintType: (query.type ||
      undefined) as PublishedComplaintQuery['complaintType'],
  }
}

export function resultsHref(query: ResultsQuery, page: number) {
  const params = new URLSearchParams()
  if (query.keyword) params.set('keyword', query.keyword)
  if (query.type) params.set('type', query.type)
  if (page > 1) params.set('page', String(page))
  const search = params.toString()
  return `${href('/complaint/list')}${search ? `?${search}` : ''}`
}
