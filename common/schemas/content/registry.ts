import type { z } from 'zod'

import type { ContentKind } from '#common/constants/content.ts'
import { ARTICLE_KINDS } from './article-fields.ts'
import { CREDIT_KINDS } from './credit-fields.ts'
import { PROJECT_KINDS } from './project-fields.ts'
import { SITE_KINDS } from './site-fields.ts'

/**
 * Every kind's schemas, one file per kind family: its fields as the editor sends them and the
 * Portal API's shape of its public page (…/public-view). workflow.ts makes the staff API's
 * unions of them.
 */
export const KIND_SCHEMAS = {
  ...ARTICLE_KINDS,
  ...PROJECT_KINDS,
  ...CREDIT_KINDS,
  ...SITE_KINDS,
} satisfies {
  [K in ContentKind]: { fields: z.ZodType; publicView: z.ZodType }
}
