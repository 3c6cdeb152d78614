import { ARTICLE_KINDS } from './article-fields.ts'
import { CREDIT_KINDS } from './credit-fields.ts'
import type { KindEntry } from './kind-entry.ts'
import { PROJECT_KINDS } from './project-fields.ts'
import { SITE_KINDS } from './site-fields.ts'

/**
 * The kinds published through the console's review workflow (先审后发: nothing reaches the
 * public side unless someone other than its author approved it), in the console's order.
 * workflow.ts makes the staff API's unions of them.
 */
export const KIND_SCHEMAS = {
  ...ARTICLE_KINDS,
  ...PROJECT_KINDS,
  ...CREDIT_KINDS,
  ...SITE_KINDS,
} satisfies Record<string, KindEntry>

export type ContentKind = keyof typeof KIND_SCHEMAS
export const CONTENT_KINDS = Object.keys(KIND_SCHEMAS) as [
  ContentKind,
  ...ContentKind[],
]

const entryOf = (kind: ContentKind): KindEntry => KIND_SCHEMAS[kind]

export const CONTENT_KIND_LABELS = Object.fromEntries(
  CONTENT_KINDS.map((kind) => [kind, entryOf(kind).label]),
) as Record<ContentKind, string>

/** The numbers of the kinds overlap: the console list filters by one only with its kind. */
export const CONTENT_KIND_CATEGORIES = Object.fromEntries(
  CONTENT_KINDS.map((kind) => [kind, entryOf(kind).categories?.ids ?? []]),
) as Record<ContentKind, readonly number[]>

/** The name of a 分类 of the kind; '' for none or one the kind does not have. */
export function contentCategoryName(
  kind: ContentKind,
  categoryId: number | null,
): string {
  if (categoryId === null) return ''
  return entryOf(kind).categories?.nameOf(categoryId) ?? ''
}
