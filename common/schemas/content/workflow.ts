import { z } from 'zod'

import {
  CONTENT_LIMITS,
  ITEM_STATES,
  REVIEW_OUTCOMES,
  REVISION_STATES,
} from '#common/constants/content.ts'
import { TRADE_STAGE_KEYS } from '#common/constants/trade.ts'
import { DateTimeTextSchema } from '../article.ts'
import { PageQuerySchema } from '../paging.ts'
import { shortText, StoredFileIdSchema } from './field-parts.ts'
import { CONTENT_KINDS, type ContentKind, KIND_SCHEMAS } from './registry.ts'

/*
 * Each change names the revision it was based on (`base`), so an edit or a review of a revision
 * someone else has changed since is refused (409, 「内容已被他人修改」) and changes nothing.
 */

export const ContentKindSchema = z.enum(CONTENT_KINDS, {
  error: '内容类型无效',
})

type KindSchemas = typeof KIND_SCHEMAS

export type ContentFields = {
  [K in ContentKind]: { kind: K; fields: z.output<KindSchemas[K]['fields']> }
}[ContentKind]
type ContentFieldsInput = {
  [K in ContentKind]: { kind: K; fields: z.input<KindSchemas[K]['fields']> }
}[ContentKind]

const ContentFieldsSchema = z.discriminatedUnion(
  'kind',
  // One object per kind of the registry (the list's type cannot say which kind each is).
  CONTENT_KINDS.map((kind) =>
    z.object({ kind: z.literal(kind), fields: KIND_SCHEMAS[kind].fields }),
  ) as unknown as [z.ZodObject<{ kind: z.ZodLiteral<ContentKind> }>],
) as unknown as z.ZodType<ContentFields, ContentFieldsInput>

export const RevisionBaseSchema = z.object(
  {
    revisionNo: z.number().int().min(1),
    version: z.number().int().min(1),
  },
  { error: '缺少所依据的修订版本' },
)
export type RevisionBase = z.infer<typeof RevisionBaseSchema>

export const CreateContentSchema = ContentFieldsSchema

/**
 * PUT /content/items/:id/draft: saves the working draft (a draft or returned revision, edited in
 * place), or starts a new revision from the published one. `isCorrection` marks a change of a
 * published item as a correction: the public page then says 「更正」 with the date.
 */
export const SaveDraftSchema = z.intersection(
  ContentFieldsSchema,
  z.object({
    base: RevisionBaseSchema,
    isCorrection: z.boolean().default(false),
    correctionNote: shortText('更正说明', 200),
  }),
)
export type SaveDraft = z.infer<typeof SaveDraftSchema>

export const RevisionActionSchema = z.object({ base: RevisionBaseSchema })

/** approve: publish now, or at `publishAt` (later than now, within MAX_SCHEDULE_DAYS). */
export const ApproveRevisionSchema = z.object({
  base: RevisionBaseSchema,
  publishAt: DateTimeTextSchema.optional(),
})

export const ReturnRevisionSchema = z.object({
  base: RevisionBaseSchema,
  comment: z
    .string({ error: '请填写退回意见' })
    .trim()
    .min(1, '请填写退回意见')
    .max(
      CONTENT_LIMITS.commentMax,
      `退回意见不能超过${CONTENT_LIMITS.commentMax}个字符`,
    ),
})

/** withdraw: off the public side; its public address then says so, with the reason. */
export const WithdrawItemSchema = z.object({
  reason: z
    .string({ error: '请填写撤回原因' })
    .trim()
    .min(1, '请填写撤回原因')
    .max(
      CONTENT_LIMITS.reasonMax,
      `撤回原因不能超过${CONTENT_LIMITS.reasonMax}个字符`,
    ),
})

export const CONTENT_QUEUES = [
  'draft',
  'returned',
  'submitted',
  'scheduled',
] as const
export const ContentItemQuerySchema = PageQuerySchema.extend({
  kind: ContentKindSchema.optional(),
  itemState: z.enum(ITEM_STATES, { error: '发布状态无效' }).optional(),
  queue: z.enum(CONTENT_QUEUES, { error: '待办类别无效' }).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})
export type ContentItemQuery = z.infer<typeof ContentItemQuerySchema>

const RevisionStateSchema = z.enum(REVISION_STATES)
const ItemStateSchema = z.enum(ITEM_STATES)

export const RevisionSummarySchema = z.object({
  revisionNo: z.number().int(),
  version: z.number().int(),
  state: RevisionStateSchema,
  isCorrection: z.boolean(),
  correctionNote: z.string(),
  authorName: z.string(),
  createdAt: DateTimeTextSchema,
  updatedAt: DateTimeTextSchema,
  /** When its text was last saved (最后保存于): not moved by submitting, reviewing or publishing. */
  editedAt: DateTimeTextSchema,
  submittedAt: DateTimeTextSchema.nullable(),
  reviewerName: z.string().nullable(),
  reviewedAt: DateTimeTextSchema.nullable(),
  reviewComment: z.string().nullable(),
  publishAt: DateTimeTextSchema.nullable(),
  publishedAt: DateTimeTextSchema.nullable(),
  publisherName: z.string().nullable(),
  /** Every review of it, oldest first: each return with its comment, approval, schedule. */
  reviews: z.array(
    z.object({
      outcome: z.enum(REVIEW_OUTCOMES),
      /** Null for the portal's own (a scheduled publication it could not make). */
      reviewerName: z.string().nullable(),
      comment: z.string().nullable(),
      publishAt: DateTimeTextSchema.nullable(),
      at: DateTimeTextSchema,
    }),
  ),
})
export type RevisionSummary = z.infer<typeof RevisionSummarySchema>

/** Any keys beyond the id (the item's detail, say) are read by nobody yet. */
export const ContentCreatedSchema = z.object({ id: z.number().int() })

export const RevisionViewSchema = z.intersection(
  RevisionSummarySchema,
  ContentFieldsSchema,
)
export type RevisionView = z.infer<typeof RevisionViewSchema>

export const CONTENT_ACTIONS = [
  'save',
  'submit',
  'discard',
  'approve',
  'return',
  'cancel-schedule',
  'withdraw',
] as const
export type ContentAction = (typeof CONTENT_ACTIONS)[number]

export const ContentItemSummarySchema = z.object({
  id: z.number().int(),
  kind: ContentKindSchema,
  categoryId: z.number().int(),
  categoryName: z.string(),
  title: z.string(),
  itemState: ItemStateSchema,
  publishedAt: DateTimeTextSchema.nullable(),
  latest: RevisionSummarySchema,
  publicPath: z.string().nullable(),
})
export type ContentItemSummary = z.infer<typeof ContentItemSummarySchema>

export const ContentItemPageSchema = z.object({
  items: z.array(ContentItemSummarySchema),
  total: z.number().int(),
})
export type ContentItemPage = z.infer<typeof ContentItemPageSchema>

export const ContentItemDetailSchema = z.object({
  id: z.number().int(),
  kind: ContentKindSchema,
  itemState: ItemStateSchema,
  publicPath: z.string().nullable(),
  publishedRevisionNo: z.number().int().nullable(),
  withdrawal: z
    .object({
      reason: z.string(),
      at: DateTimeTextSchema,
      byName: z.string(),
    })
    .nullable(),
  working: RevisionViewSchema,
  history: z.array(RevisionSummarySchema),
  files: z.array(
    z.object({
      id: StoredFileIdSchema,
      name: z.string(),
      size: z.number().int(),
      mime: z.string(),
      url: z.string(),
    }),
  ),
  allowedActions: z.array(z.enum(CONTENT_ACTIONS)),
})
export type ContentItemDetail = z.infer<typeof ContentItemDetailSchema>

/**
 * The public-view of a revision: the Portal API's shape of its public page; links, dictionaries
 * and settings each under a key of their own (homeLinks, footerGroups, dictionary, siteSettings).
 */
export type ContentPublicViewOf = {
  [K in ContentKind]: z.output<KindSchemas[K]['publicView']>
}
export const ContentPublicViewSchema = z.union(
  // Each shape once, in the order of the kinds.
  [
    ...new Set(CONTENT_KINDS.map((kind) => KIND_SCHEMAS[kind].publicView)),
  ] as unknown as [z.ZodType],
) as unknown as z.ZodType<ContentPublicViewOf[ContentKind]>
export type ContentPublicView = ContentPublicViewOf[keyof ContentPublicViewOf]

export const ProjectChoiceQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100, '关键字不能超过100个字符').optional(),
})
export type ProjectChoiceQuery = z.infer<typeof ProjectChoiceQuerySchema>

/**
 * A project as the announcement and linkage forms choose it: `projectId` is what their fields
 * name; each stage of its tab set with the announcement item already written for it (edit that
 * one: a second is refused), or null.
 */
export const ProjectChoiceSchema = z.object({
  projectId: z.number().int(),
  itemId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  category: z.number().int(),
  categoryName: z.string(),
  isWithdrawn: z.boolean(),
  stages: z.array(
    z.object({
      stage: z.enum(TRADE_STAGE_KEYS),
      stageName: z.string(),
      itemId: z.number().int().nullable(),
    }),
  ),
})
export type ProjectChoice = z.infer<typeof ProjectChoiceSchema>
export const ProjectChoicePageSchema = z.object({
  items: z.array(ProjectChoiceSchema),
  total: z.number().int(),
})
export type ProjectChoicePage = z.infer<typeof ProjectChoicePageSchema>

/** GET /content/items/:id/diff?from=&to=: each field's text, split into kept, added, removed. */
export const RevisionDiffQuerySchema = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
})
export const RevisionDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  fields: z.array(
    z.object({
      field: z.string(),
      label: z.string(),
      changed: z.boolean(),
      parts: z.array(
        z.object({
          value: z.string(),
          added: z.boolean(),
          removed: z.boolean(),
        }),
      ),
      /** A field of files (pictures, attachments): each file kept, added or removed. */
      files: z
        .array(
          z.object({
            fileId: z.string(),
            name: z.string(),
            isImage: z.boolean(),
            change: z.enum(['kept', 'added', 'removed']),
          }),
        )
        .optional(),
    }),
  ),
})
export type RevisionDiff = z.infer<typeof RevisionDiffSchema>

/** POST /content/uploads: `location` is what TinyMCE's image upload reads. */
export const ContentUploadSchema = z.object({
  id: StoredFileIdSchema,
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string(),
  location: z.string(),
})
export type ContentUpload = z.infer<typeof ContentUploadSchema>

export const ContentDashboardSchema = z.object({
  submitted: z.number().int(),
  returnedToMe: z.number().int(),
  myDrafts: z.number().int(),
  scheduled: z.number().int(),
})
export type ContentDashboard = z.infer<typeof ContentDashboardSchema>
