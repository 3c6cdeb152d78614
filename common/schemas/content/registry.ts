import type { z } from 'zod'

import type { ContentKind } from '#common/constants/content.ts'
import { ARTICLE_KINDS } from './article-fields.ts'
import { CREDIT_KINDS } from './credit-fields.ts'
import { PROJECT_KINDS } from './project-fields.ts'
import { SITE_KINDS } from './site-fields.ts'

/** workflow.ts makes the staff API's unions of them. */
export const KIND_SCHEMAS = {
  ...ARTICLE_KINDS,
  ...PROJECT_KINDS,
  ...CREDIT_KINDS,
  ...SITE_KINDS,
} satisfies {
  [K in ContentKind]: { fields: z.ZodType; publicView: z.ZodType }
}
