import { href } from 'react-router'
import { z } from 'zod'

import { COMPLAINT_TYPES } from '#common/constants/statute.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import type { PublishedComplaintQuery } from '#common/schemas/complaint/complaint-published.ts'

const typeValues = COMPLAINT_TYPES.map((t) => t.value) as [string, ...string[]]

/** /complaint/list filters as they stand in the URL; a malformed value falls back to its default. */
export const ResultsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  keyword: z.string().trim().max(100).catch(''),
  type: z.enum(['', ...typeValues]).catch(''),
})
export type ResultsQuery = z.infer<typeof ResultsQuerySchema>

export function parseResultsQuery(params: URLSearchParams): ResultsQuery {
  return ResultsQuerySchema.parse({
    page: params.get('page') ?? undefined,
    keyword: params.get('keyword') ?? undefined,
    type: params.get('type') ?? undefined,
  })
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
