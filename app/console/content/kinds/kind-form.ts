import type { DescriptionsProps, FormRule } from 'antd'
import type { ComponentType, ReactNode } from 'react'
import type { z } from 'zod'

import type { UploadRequest } from '#app/api/upload-request.ts'
import type { ContentKind } from '#common/schemas/content/registry.ts'
import type {
  ContentFields,
  ContentItemDetail,
  ContentPublicViewOf,
  ContentUpload,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'
import type { FooterLinkGroup, SiteSettings } from '#common/schemas/site.ts'
import type { ProjectCalls } from './project-choice.ts'

export type FieldsOf<K extends ContentKind> = Extract<
  ContentFields,
  { kind: K }
>['fields']

export type KindValues = Record<string, unknown>

export type RuleOf = (field: string | (string | number)[]) => FormRule

export type Uploads = {
  attachment: UploadRequest
  picture: UploadRequest
  image: (file: File, onProgress: (percent: number) => void) => Promise<string>
}

export type FindProjects = (keyword: string) => Promise<ProjectChoice[]>

export type KindFieldsProps = {
  rule: RuleOf
  uploads: Uploads
  findProjects: FindProjects
  detail: ContentItemDetail | null
  project: ProjectChoice | null
}

export type NamedFile = ContentItemDetail['files'][number]

export type ReadContext = {
  fileOf: (id: string) => NamedFile | undefined
  project: ProjectChoice | null
  itemId: number
}

// Shown below the body under its own heading (a stage announcement's 结构化信息).
export type ReadSection = { key: string; title: string; content: ReactNode }

export type ReadRevision = {
  facts: NonNullable<DescriptionsProps['items']>
  body?: { label: string; html: string }
  sections?: ReadSection[]
}

// type 0 a picture, 1 an attachment
export type RecordOf = (id: string, type: 0 | 1) => FileRecord

/**
 * The kinds whose public page the preview draws with the portal's own view. The console never
 * imports the portal's features: the preview's route holds those views
 * (routes/console/content-preview-pages.tsx), one per kind listed here.
 */
export type PortalPageKind =
  'article' | 'project' | 'linkage' | 'credit' | 'homeLinks' | 'siteSettings'

// The portal pages that can show a view of K's shape.
type PortalPageFor<K extends ContentKind> = {
  [P in PortalPageKind]: ContentPublicViewOf[K] extends ContentPublicViewOf[P]
    ? P
    : never
}[PortalPageKind]

type KindPreview<K extends ContentKind> =
  | { portalPage: PortalPageFor<K> }
  | { View: ComponentType<{ view: ContentPublicViewOf[K] }> }

// What the preview's frame (header, footer) shows instead of the published.
export type PreviewFrameOverride = {
  siteSettings?: SiteSettings
  footerGroups?: FooterLinkGroup[]
}

type SavedItem<K extends ContentKind> = ContentItemDetail & {
  working: Extract<ContentItemDetail['working'], { kind: K }>
}

export type KindForm<K extends ContentKind, V extends KindValues> = {
  empty: V
  valuesOf: (fields: FieldsOf<K>, recordOf: RecordOf) => V
  inputOf: (values: Partial<V>) => unknown
  schema: z.ZodType<FieldsOf<K>>
  categoryOf: (fields: FieldsOf<K>) => number
  preview: KindPreview<K>
  previewStage?: (view: ContentPublicViewOf[K], fields: FieldsOf<K>) => string
  previewFrame?: (view: ContentPublicViewOf[K]) => PreviewFrameOverride
  // absent for 站点设置: its one item always exists
  newMenuGroup?: string
  valuesForProject?: (
    project: ProjectChoice,
    stage: string | null,
  ) => Partial<V>
  // A kind that names a project: how a saved item finds it among the choices.
  savedProject?: (
    calls: ProjectCalls,
    item: SavedItem<K>,
  ) => Promise<ProjectChoice | null>
  titleOf: (fields: FieldsOf<K>) => string
  Fields: ComponentType<KindFieldsProps>
  read: (fields: FieldsOf<K>, context: ReadContext) => ReadRevision
  // Its public side never says 更正, and the server refuses the mark.
  isNeverCorrected?: boolean
}

// The editor passes the values through without reading them.
export const eraseValues = <K extends ContentKind, V extends KindValues>(
  form: KindForm<K, V>,
) => form as unknown as KindForm<K, KindValues>

// §5 picture types
export const IMAGE_TYPES = ['jpg', 'png', 'gif', 'bmp'] as const

// type 0 a picture, 1 an attachment
export const fileRecordOf = (
  upload: Pick<ContentUpload, 'id' | 'name' | 'url' | 'size'>,
  type: 0 | 1,
): FileRecord => ({
  id: upload.id,
  name: upload.name,
  url: upload.url,
  size: upload.size,
  type,
})

export const fileIdsOf = (files: unknown) =>
  ((files as FileRecord[] | undefined) ?? []).map((file) => file.id)

export const textOf = (value: unknown) =>
  typeof value === 'string' ? value : ''

export const orNone = (text: string | null | undefined) => text || '（未填写）'
