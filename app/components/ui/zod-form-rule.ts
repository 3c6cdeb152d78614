import type { FormRule } from 'antd'
import type { RuleRender } from 'antd/es/form'
import type { ZodType } from 'zod'

import { MSG_CHUNK_LOAD_FAILED } from '#common/messages.ts'

type Path = (string | number)[]

const samePath = (a: readonly PropertyKey[], b: Path) =>
  a.length === b.length && a.every((key, index) => key === b[index])

// style.md: one form approach, antd Form with zod rules from common/. The field shows the first
// issue at its own path, so cross-field rules (superRefine) speak at the field they name.
export const zodRule = (
  schema: ZodType,
  path: Path,
  toInput?: (values: Record<string, unknown>) => unknown,
): FormRule => lazyZodRule(() => Promise.resolve(schema), path, toInput)

/**
 * The same rule with its schema loaded at the first check: a form that is a page's first sight
 * shows before the schema language has come, and is checked by the same schemas once someone
 * types. A schema that cannot be loaded is said as such at the field, in Chinese.
 */
export function lazyZodRule(
  loadSchema: () => Promise<ZodType>,
  path: Path,
  toInput: (values: Record<string, unknown>) => unknown = (values) => values,
): FormRule {
  const render: RuleRender = (form) => ({
    async validator() {
      const schema = await loadSchema().catch(() => {
        throw new Error(MSG_CHUNK_LOAD_FAILED)
      })
      const issue = schema
        .safeParse(toInput(form.getFieldsValue(true)))
        .error?.issues.find((item) => samePath(item.path, path))
      if (issue) throw new Error(issue.message)
    },
  })
  return render
}

export function zodIssuesToFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const byPath = new Map<string, { name: Path; errors: string[] }>()
  for (const issue of issues) {
    const name = issue.path.filter(
      (key): key is string | number => typeof key !== 'symbol',
    )
    const key = JSON.stringify(name)
    if (!byPath.has(key)) byPath.set(key, { name, errors: [issue.message] })
  }
  return [...byPath.values()]
}
