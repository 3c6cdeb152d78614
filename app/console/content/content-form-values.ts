import type { ContentKind } from '#common/schemas/content/registry.ts'
import type {
  ContentFields,
  ContentItemDetail,
  RevisionBase,
  RevisionSummary,
} from '#common/schemas/content/workflow.ts'

import {
  fileRecordOf,
  type FieldsOf,
  type KindForm,
  type KindValues,
} from './kinds/kind-form.ts'
import { kindFormOf } from './kinds/registry.ts'

export { fileRecordOf, IMAGE_TYPES } from './kinds/kind-form.ts'

export type ContentFormValues = KindValues & {
  isCorrection: boolean
  correctionNote: string
}

export const emptyValuesOf = (kind: ContentKind): ContentFormValues => ({
  ...kindFormOf(kind).empty,
  isCorrection: false,
  correctionNote: '',
})

function withForm<R>(
  content: ContentFields,
  apply: <K extends ContentKind>(
    form: KindForm<K, KindValues>,
    fields: FieldsOf<K>,
  ) => R,
): R {
  return apply(
    kindFormOf(content.kind),
    content.fields as FieldsOf<ContentKind>,
  )
}

export function valuesOf(detail: ContentItemDetail): ContentFormValues {
  const byId = new Map(detail.files.map((file) => [file.id, file]))
  const recordOf = (id: string, type: 0 | 1) =>
    fileRecordOf(byId.get(id) ?? { id, name: id, url: '', size: 0 }, type)
  const { working } = detail
  // A draft's correction mark is its own; a new revision of a published one starts unmarked.
  const isEditedInPlace =
    working.state === 'draft' || working.state === 'returned'
  return {
    ...withForm(working, (form, fields) => form.valuesOf(fields, recordOf)),
    isCorrection: isEditedInPlace && working.isCorrection,
    correctionNote: isEditedInPlace ? working.correctionNote : '',
  }
}

export const fieldsInput = (kind: ContentKind, values: ContentFormValues) =>
  kindFormOf(kind).inputOf(values)

export function contentFieldsOf(
  kind: ContentKind,
  values: ContentFormValues,
): ContentFields | undefined {
  const form = kindFormOf(kind)
  const parsed = form.schema.safeParse(form.inputOf(values))
  return parsed.success
    ? ({ kind, fields: parsed.data } as ContentFields)
    : undefined
}

export const contentTitleOf = (content: ContentFields) =>
  withForm(content, (form, fields) => form.titleOf(fields))

export const contentCategoryOf = (content: ContentFields) =>
  withForm(content, (form, fields) => form.categoryOf(fields))

export const baseOf = (revision: RevisionSummary): RevisionBase => ({
  revisionNo: revision.revisionNo,
  version: revision.version,
})
