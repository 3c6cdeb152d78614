import { href } from 'react-router'

import type { ContentKind } from '#common/schemas/content/registry.ts'
import { PAGE_SIZE } from '#common/constants/ui.ts'
import {
  type ContentItemQuery,
  ContentItemQuerySchema,
} from '#common/schemas/content/workflow.ts'

export const ADMIN_CONTENT_PATH = href('/admin/content')
export const contentItemHref = (id: number) =>
  href('/admin/content/:id', { id: String(id) })
export const newContentHref = (
  kind: ContentKind,
  of: { project?: number; stage?: string } = {},
) => {
  const search = new URLSearchParams({ kind })
  if (of.project) search.set('project', String(of.project))
  if (of.stage) search.set('stage', of.stage)
  return `${href('/admin/content/new')}?${search.toString()}`
}
export const contentPreviewHref = (id: number, revisionNo: number) =>
  href('/admin/content/:id/preview/:revisionNo', {
    id: String(id),
    revisionNo: String(revisionNo),
  })

export function positiveIdOf(text: string | undefined): number | null {
  const id = Number(text)
  return /^\d+$/.test(text ?? '') && Number.isSafeInteger(id) && id > 0
    ? id
    : null
}

// pageNo is "page", as on the other lists.
export const CONTENT_FILTERS = [
  'kind',
  'itemState',
  'queue',
  'categoryId',
  'keyword',
] as const
export type ContentFilter = (typeof CONTENT_FILTERS)[number]

// Each parameter on its own: a malformed one (a stale or hand-edited link) is dropped, not
// the whole query.
export function parseContentQuery(
  params: URLSearchParams,
  pageSize = PAGE_SIZE,
): ContentItemQuery {
  const query: ContentItemQuery = { pageNo: 1, pageSize }
  const page = Number(params.get('page'))
  if (Number.isInteger(page) && page >= 1 && page <= 100_000)
    query.pageNo = page
  for (const key of CONTENT_FILTERS) {
    const value = params.get(key)?.trim()
    if (!value) continue
    const parsed = ContentItemQuerySchema.shape[key].safeParse(value)
    if (parsed.success && parsed.data !== undefined)
      Object.assign(query, { [key]: parsed.data })
  }
  // The kinds' categories share numbers (a trading category, a stage, a status): one means
  // something only with its kind.
  if (!query.kind) delete query.categoryId
  return query
}

export function contentApiQuery(query: ContentItemQuery) {
  return {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    kind: query.kind,
    itemState: query.itemState,
    queue: query.queue,
    categoryId: query.categoryId,
    keyword: query.keyword,
  }
}

// Back to the first page, since the old page number means nothing in a new result.
export function withContentFilter(
  params: URLSearchParams,
  key: ContentFilter,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params)
  next.delete('page')
  if (key === 'kind') next.delete('categoryId')
  if (value) next.set(key, value)
  else next.delete(key)
  return next
}

export function contentListHref(
  filters: Partial<Record<ContentFilter, string>>,
) {
  const search = new URLSearchParams(
    Object.entries(filters).filter(([, value]) => value) as [string, string][],
  ).toString()
  return search ? `${ADMIN_CONTENT_PATH}?${search}` : ADMIN_CONTENT_PATH
}
