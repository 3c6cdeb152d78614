import { z } from 'zod'

const zhCN = z.locales.zhCN()

export type ParsedInput<T> =
  { ok: true; data: T } | { ok: false; message: string }

/**
 * Parses outside input and, when it is refused, gives its first problem as one Chinese
 * sentence: the schema's own message as it is, zod's generic ones (Chinese locale) after the
 * path of the field they are about.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  input: unknown,
): ParsedInput<z.output<T>> {
  const result = schema.safeParse(input, { error: zhCN.localeError })
  if (result.success) return { ok: true, data: result.data }
  const issue = result.error.issues[0]
  if (!issue) return { ok: false, message: '提交的内容无效' }
  const isGeneric = issue.message.startsWith('无效')
  const field = issue.path.join('.')
  return {
    ok: false,
    message: isGeneric && field ? `${field}：${issue.message}` : issue.message,
  }
}
