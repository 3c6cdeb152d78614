import { z } from 'zod'

import { DateTimeTextSchema } from './article.ts'

// What a published item's page says of its last 更正 and of its 撤回: projects, their
// announcements and records, and credit records alike.

export const CorrectionSchema = z.object({
  at: DateTimeTextSchema,
  note: z.string(),
})
export type Correction = z.infer<typeof CorrectionSchema>

export const WithdrawalSchema = z.object({
  at: DateTimeTextSchema,
  reason: z.string(),
})
export type Withdrawal = z.infer<typeof WithdrawalSchema>
