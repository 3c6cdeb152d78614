import type { DescriptionsProps, FormRule } from 'antd'
import type { ComponentType } from 'react'
import type { z } from 'zod'

import type { UploadRequest } from '#app/api/upload-request.ts'
import type { ContentKind } from '#common/constants/content.ts'
import type {
  ContentFields,
  ContentItemDetail,
  ContentPublicViewOf,
  ContentUpload,
  ProjectChoice,
} from '#common/schemas/content/workflow.ts'
import type { FileRecord } from '#common/schemas/file-record.ts'

/*
 * What the console knows of each kind (registry.ts lists them): its empty values, the values
 * of a saved revision, what its schema reads from the form, its fields, how a reviewer reads a
 * revision of it, what it is filed under, the tab its preview opens on, its 新建 menu group and a
 * new item's values for a given project. The editor, the revision view and the form's values are
 * written once for every kind through this.
 */

/** The fields of a kind, as the server reads them (common/schemas/content/<family>-fields.ts). */
export type FieldsOf<K extends ContentKind> = Extract<
  ContentFields,
  { kind: K }
>['fields']

/**
 * The form's values of one kind's fields: files as the upload field lists them (a name and a
 * link each), the rest as the fields take them. Each kind's module types its own.
 */
export type KindValues = Record<string, unknown>

/**
 * A field's rule: the kind's schema checks it as the server does, message at the field; a
 * path names a field inside a list (['links', 2, 'url']).
 */
export type RuleOf = (field: string | (string | number)[]) => FormRule

/** The editor's uploads: an attachment, a picture (the cover), a picture in the body. */
export type Uploads = {
  attachment: UploadRequest
  picture: UploadRequest
  image: (file: File, onProgress: (percent: number) => void) => Promise<string>
}

/** One page of the projects an announcement or record may name, by number or name. */
export type FindProjects = (keyword: string) => Promise<ProjectChoice[]>

export type KindFieldsProps = {
  rule: RuleOf
  uploads: Uploads
  findProjects: FindProjects
  /** The item edited; null for a new one. */
  detail: ContentItemDetail | null
  /**
   * The project the saved revision names (an announcement's or record's), or the project an
   * item of kind project is (its stages with their announcements); null when none is known.
   */
  project: ProjectChoice | null
}

/** A stored file the revision names, as the detail lists it. */
export type NamedFile = ContentItemDetail['files'][number]

/** What a revision read needs besides its fields. */
export type ReadContext = {
  fileOf: (id: string) => NamedFile | undefined
  project: ProjectChoice | null
  /** The item read: the project's own item links its announcements. */
  itemId: number
}

/** A revision as a reviewer reads it: its facts in order, then its body when it has one. */
export type ReadRevision = {
  facts: NonNullable<DescriptionsProps['items']>
  body?: { label: string; html: string }
}

export type KindForm<K extends ContentKind, V extends KindValues> = {
  /** A new item's form. */
  empty: V
  /** The form's values of a saved revision; `recordOf` names a file by its id. */
  valuesOf: (
    fields: FieldsOf<K>,
    recordOf: (id: string, type: 0 | 1) => FileRecord,
  ) => V
  /** What the schema reads from the form's values (before its own trims and defaults). */
  inputOf: (values: Partial<V>) => unknown
  schema: z.ZodType<FieldsOf<K>>
  /**
   * What the item is filed under, as the list's 分类 numbers it (contentCategoryName names it;
   * CONTENT_KIND_CATEGORIES lists each kind's): 0 when the kind has none.
   */
  categoryOf: (fields: FieldsOf<K>) => number
  /** The tab the preview opens its public page on (a project's page); '' when it has none. */
  previewStage?: (view: ContentPublicViewOf[K], fields: FieldsOf<K>) => string
  /**
   * The group of the list's 新建… menu the kind is offered in; absent when it is never created
   * there (站点设置: its one item always exists, and the list opens it to edit).
   */
  newMenuGroup?: string
  /**
   * A new item's values when it is written for a project (/admin/content/new?project=…, and an
   * announcement's `&stage=…`); absent when the kind names no project.
   */
  valuesForProject?: (
    project: ProjectChoice,
    stage: string | null,
  ) => Partial<V>
  /** The item's name: its title, or a project's name. */
  titleOf: (fields: FieldsOf<K>) => string
  Fields: ComponentType<KindFieldsProps>
  read: (fields: FieldsOf<K>, context: ReadContext) => ReadRevision
  /**
   * The kind's public side never says 更正 (projects, the site's lists and settings): a change to a
   * published item is not offered the correction mark, which the server refuses for it.
   */
  isNeverCorrected?: boolean
}

/**
 * A kind's form as the registry holds it: its values no longer typed field by field (the
 * editor passes them through without reading them).
 */
export const eraseValues = <K extends ContentKind, V extends KindValues>(
  form: KindForm<K, V>,
) => form as unknown as KindForm<K, KindValues>

/** What a picture may be: the cover, or one in the body (§5 picture types). */
export const IMAGE_TYPES = ['jpg', 'png', 'gif', 'bmp'] as const

/** An upload's answer as the upload field lists it: type 0 a picture, 1 an attachment. */
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

/** The ids of the files the upload field lists, as the fields name them. */
export const fileIdsOf = (files: unknown) =>
  ((files as FileRecord[] | undefined) ?? []).map((file) => file.id)

/** A text field's value as typed, '' when untouched. */
export const textOf = (value: unknown) =>
  typeof value === 'string' ? value : ''

/** What a reviewer reads for a field left empty. */
export const orNone = (text: string | null | undefined) => text || '（未填写）'
