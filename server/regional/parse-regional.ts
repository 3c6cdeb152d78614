import { type z } from 'zod'

import { parseInput } from '#common/schemas/parse-input.ts'
import { RegionalServiceError } from './regional-protocol.ts'

/**
 * Parses a regional request's query or body with its `common/` schema. Invalid input is
 * refused with HTTP 400 `{ Success: false, State: 400, Msg }`, Msg the first problem in
 * Chinese (common/schemas/parse-input.ts).
 */
export function parseRegional<T extends z.ZodType>(
  schema: T,
  value: unknown,
): z.output<T> {
  const parsed = parseInput(schema, value)
  if (!parsed.ok) throw new RegionalServiceError(400, parsed.message)
  return parsed.data
}
