import type { ContentKind } from '#common/constants/content.ts'
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

/**
 * What the editor's form holds: the kind's fields as its form takes them (files as the upload
 * field lists them, a name and a link each, instead of bare ids; kinds/), and the correction
 * mark of a change to a published item.
 */
export type ContentFormValues = KindValues & {
  isCorrection: boolean
  correctionNote: string
}

/** A new item's form. */
export const emptyValuesOf = (kind: ContentKind): ContentFormValues => ({
  ...kindFormOf(kind).empty,
  isCorrection: false,
  correctionNote: '',
})

/** A revision's fields through its kind's form: the pair keeps kind and fields together. */
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

/** The form's values for the detail's working revision; files named from `detail.files`. */
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

/** What the kind's schema reads from the form's values (before its own defaults and trims). */
export const fieldsInput = (kind: ContentKind, values: ContentFormValues) =>
  kindFormOf(kind).inputOf(values)

/** The kind and fields to send; undefined when a value does not pass (the form says why). */
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

/** An item's name: its title, or a project's name. */
export const contentTitleOf = (content: ContentFields) =>
  withForm(content, (form, fields) => form.titleOf(fields))

/**
 * What the item is filed under, as the list's 分类 numbers it (contentCategoryName names it):
 * its kind's own (kinds/), 0 for a kind with none.
 */
export const contentCategoryOf = (content: ContentFields) =>
  withForm(content, (form, fields) => form.categoryOf(fields))

/** The revision a change is based on. */
export const baseOf = (revision: RevisionSummary): RevisionBase => ({
  revisionNo: revision.revisionNo,
  version: revision.version,
})
