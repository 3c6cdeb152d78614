import { z } from 'zod'

import type { ContentKind } from '#common/constants/content.ts'
import { KIND_SCHEMAS } from '#common/schemas/content/registry.ts'
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

/*
 * The content workflow's calls through the console's staff API client (/staff-api/content,
 * common/schemas/content/workflow.ts): the routes load with the reads, the editor and the reviewer's
 * panel act with the changes. A change's answer is not read: the page reads the item again,
 * so that it shows what the server holds, whoever changed it.
 */

const AnyAnswer = z.unknown()

const itemPath = (id: number) => `/content/items/${id}`

/** The changes taken on a revision, each with the revision it was based on. */
export type RevisionChange = Extract<
  ContentAction,
  'submit' | 'discard' | 'cancel-schedule'
>

/** The calls, on a given client (the browser's one by default; tests pass their own). */
export function contentApiOn(api: StaffApiClient) {
  return {
    /** GET /content/items with the list's filters. */
    list: (query: ContentItemQuery) =>
      api.get('/content/items', ContentItemPageSchema, contentApiQuery(query)),

    /** POST /content/items: a new item, its first revision a draft; answers its id. */
    create: (body: ContentFields) =>
      api.post('/content/items', ContentCreatedSchema, body),

    detail: (id: number) => api.get(itemPath(id), ContentItemDetailSchema),

    /** PUT …/draft: the working draft saved, or a new revision started from the published one. */
    saveDraft: (id: number, body: SaveDraft) =>
      api.put(`${itemPath(id)}/draft`, AnyAnswer, body),

    /** submit, discard, cancel-schedule: only the revision acted on. */
    change: (id: number, action: RevisionChange, base: RevisionBase) =>
      api.post(`${itemPath(id)}/${action}`, AnyAnswer, { base }),

    /** approve: published now, or at `publishAt` ('YYYY-MM-DD HH:mm:ss'). */
    approve: (id: number, base: RevisionBase, publishAt?: string) =>
      api.post(
        `${itemPath(id)}/approve`,
        AnyAnswer,
        publishAt ? { base, publishAt } : { base },
      ),

    /** return: back to its author with the reviewer's comment. */
    returnRevision: (id: number, base: RevisionBase, comment: string) =>
      api.post(`${itemPath(id)}/return`, AnyAnswer, { base, comment }),

    /** withdraw: off the public side, its address saying so with the reason. */
    withdraw: (id: number, reason: string) =>
      api.post(`${itemPath(id)}/withdraw`, AnyAnswer, { reason }),

    revision: (id: number, revisionNo: number) =>
      api.get(`${itemPath(id)}/revisions/${revisionNo}`, RevisionViewSchema),

    /** The readable difference between two revisions, field by field. */
    diff: (id: number, from: number, to: number) =>
      api.get(`${itemPath(id)}/diff`, RevisionDiffSchema, { from, to }),

    /**
     * A revision as its public page would show it, in that page's Portal API shape: an
     * article's or policy's ArticleDetail, a project's ProjectDetail (an announcement's is its
     * project's, the revision on its stage's tab), a linkage record's LinkageDetail.
     */
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

    /**
     * GET /content/projects: the published projects (withdrawn ones too) an announcement or a
     * linkage record may name, by number or name, each stage with the announcement it has.
     */
    projects: (query: ProjectChoiceQuery) =>
      api.get('/content/projects', ProjectChoicePageSchema, query),

    dashboard: () => api.get('/content/dashboard', ContentDashboardSchema),

    /**
     * POST /content/uploads: a picture or attachment, with its percent sent; `accept` narrows
     * the types the server takes (§5 rules otherwise), as for a picture.
     */
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

/** The browser's calls. */
export const contentApi = contentApiOn(staffApi)
