import type { Kysely } from 'kysely'
import { z } from 'zod'

import { CONTENT_READ_ROLES } from '#common/constants/content.ts'
import type { ContentAction } from '#common/schemas/content/workflow.ts'
import {
  CONTENT_ACTION_ROLE,
  type ContentWorkflow,
} from '#server/content/content-workflow.ts'
import type { Database } from '#server/db/schema.ts'
import type { FileStorage } from '#server/files/file-storage.ts'

export type ContentRoutesOptions = {
  db: Kysely<Database>
  content: ContentWorkflow
  storage: FileStorage
}

export const ItemParamsSchema = z.object({
  id: z.coerce
    .number({ error: '内容编号无效' })
    .int('内容编号无效')
    .positive('内容编号无效'),
})
export const RevisionParamsSchema = ItemParamsSchema.extend({
  no: z.coerce
    .number({ error: '修订号无效' })
    .int('修订号无效')
    .positive('修订号无效'),
})

export const READ = { staff: { roles: CONTENT_READ_ROLES } }
export const rule = (action: ContentAction) => ({
  staff: { roles: [CONTENT_ACTION_ROLE[action]], audit: `content.${action}` },
})
