import { z } from 'zod'

const zhCN = z.locales.zhCN()

export type ParsedInput<T> =
  { ok: true; data: T } | { ok: false; message: string }

// Called only for problems a schema has no message of its own for: zod's Chinese text after
// the path of the field it is about. The schemas' own messages are whole sentences.
const withField: z.core.$ZodErrorMap = (issue) => {
  const localized = zhCN.localeError(issue)
  const message = typeof localized === 'string' ? localized : localized?.message
  const field = issue.path?.join('.')
  return field && message ? `${field}：${message}` : message
}

/**
 * Parses outside input and, when it is refused, gives its first problem as one Chinese
 * sentence: the schema's own message as it is, zod's generic ones (Chinese locale) after the
 * path of the field they are about.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
): ParsedInput<z.output<T>> {
  const result = schema.safeParse(input, { error: withField })
  if (result.success) return { ok: true, data: result.data }
  return {
    ok: false,
    message: result.error.issues[0]?.message ?? '提交的内容无效',
  }
}
