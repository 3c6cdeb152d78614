import { z } from 'zod'

import {
  type ContentKind,
  KIND_SCHEMAS,
} from '#common/schemas/content/registry.ts'
import type { UploadFileType } from '#common/upload-file-types.ts'
import {
  type ContentAction,
  ContentCreatedSchema,
  ContentDashboardSchema,
  type ContentFields,
  type ContentItemQuery,
  ContentItemDetailSchema,
  ContentItemPageSchema,
  type ContentPublicViewOf,
  ProjectChoicePageSchema,
  type ProjectChoiceQuery,
  ContentUploadSchema,
  type RevisionBase,
  RevisionDiffSchema,
  RevisionViewSchema,
  type SaveDraft,
} from '#common/schemas/content/workflow.ts'

import {
  staffApi,
  type StaffApiClient,
} from '#app/console/api/staff-api-client.ts'
import type { StaffUploadOptions } from '#app/console/api/send-form-with-xhr.ts'
import { contentApiQuery } from './content-query.ts'

// A change's answer is not read: the page reads the item again, so that it shows what the
// server holds, whoever changed it.

const AnyAnswer = z.unknown()

const itemPath = (id: number) => `/content/items/${id}`

type RevisionChange = Extract<
  ContentAction,
  'submit' | 'discard' | 'cancel-schedule'
>

export function contentApiOn(api: StaffApiClient) {
  return {
    list: (query: ContentItemQuery) =>
      api.get('/content/items', ContentItemPageSchema, contentApiQuery(query)),

    create: (body: ContentFields) =>
      api.post('/content/items', ContentCreatedSchema, body),

    detail: (id: number) => api.get(itemPath(id), ContentItemDetailSchema),

    saveDraft: (id: number, body: SaveDraft) =>
      api.put(`${itemPath(id)}/draft`, AnyAnswer, body),

    change: (id: number, action: RevisionChange, base: RevisionBase) =>
      api.post(`${itemPath(id)}/${action}`, AnyAnswer, { base }),

    approve: (id: number, base: RevisionBase, publishAt?: string) =>
      api.post(
        `${itemPath(id)}/approve`,
        AnyAnswer,
        publishAt ? { base, publishAt } : { base },
      ),

    returnRevision: (id: number, base: RevisionBase, comment: string) =>
      api.post(`${itemPath(id)}/return`, AnyAnswer, { base, comment }),

    withdraw: (id: number, reason: string) =>
      api.post(`${itemPath(id)}/withdraw`, AnyAnswer, { reason }),

    revision: (id: number, revisionNo: number) =>
      api.get(`${itemPath(id)}/revisions/${revisionNo}`, RevisionViewSchema),

    diff: (id: number, from: number, to: number) =>
      api.get(`${itemPath(id)}/diff`, RevisionDiffSchema, { from, to }),

    publicView: <K extends ContentKind>(
      id: number,
      revisionNo: number,
      kind: K,
    ): Promise<ContentPublicViewOf[K]> =>
      api.get(
        `${itemPath(id)}/revisions/${revisionNo}/public-view`,
        // The registry's entry of K answers ContentPublicViewOf[K] (its type says so per kind).
        KIND_SCHEMAS[kind].publicView as unknown as z.ZodType<
          ContentPublicViewOf[K]
        >,
      ),

    projects: (query: ProjectChoiceQuery) =>
      api.get('/content/projects', ProjectChoicePageSchema, query),

    dashboard: () => api.get('/content/dashboard', ContentDashboardSchema),

    upload: (
      file: File,
      options: StaffUploadOptions & { accept?: readonly UploadFileType[] } = {},
    ) => {
      const { accept, ...sending } = options
      return api.upload('/content/uploads', ContentUploadSchema, file, {
        ...sending,
        query: { accept: accept?.join(',') },
      })
    },
  }
}

export type ContentApi = ReturnType<typeof contentApiOn>

export const contentApi = contentApiOn(staffApi)
