import { z } from 'zod'

import { MSG_BAD_REQUEST_BODY } from '#common/messages.ts'
import { RegionalServiceError } from './regional-protocol.ts'

const zhCN = z.locales.zhCN()

// Called only for problems a schema has no message of its own for: zod's Chinese text, after
// the field it concerns. The schemas' own messages are whole sentences and stay as they are.
const withField: z.core.$ZodErrorMap = (issue) => {
  const localized = zhCN.localeError(issue)
  const message = typeof localized === 'string' ? localized : localized?.message
  const field = issue.path?.join('.')
  return field ? `${field}：${message}` : message
}

/**
 * Parses a regional request's query or body with its `common/` schema. Invalid input is
 * refused with HTTP 400 `{ Success: false, State: 400, Msg }`, Msg the first problem.
 */
export function parseRegional<T extends z.ZodType>(
  schema: T,
  value: unknown,
): z.output<T> {
  const result = schema.safeParse(value, { error: withField })
  if (result.success) return result.data
  throw new RegionalServiceError(
    400,
    result.error.issues[0]?.message ?? MSG_BAD_REQUEST_BODY,
  )
}
