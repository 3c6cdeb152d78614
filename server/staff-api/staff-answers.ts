import type { z } from 'zod'

import { ErrorMessageSchema } from '#server/shared/error-handler.ts'

export const answers = <T extends z.ZodType>(schema: T) => ({
  200: schema,
  '4xx': ErrorMessageSchema,
  '5xx': ErrorMessageSchema,
})
