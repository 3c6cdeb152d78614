import type { FormRule } from 'antd'
import type { RuleRender } from 'antd/es/form'
import type { ZodType } from 'zod'

type Path = (string | number)[]

const samePath = (a: readonly PropertyKey[], b: Path) =>
  a.length === b.length && a.every((key, index) => key === b[index])

// style.md: one form approach, antd Form with zod rules from common/. The field shows the first
// issue at its own path, so cross-field rules (superRefine) speak at the field they name.
export function zodRule(
  schema: ZodType,
  path: Path,
  toInput: (values: Record<string, unknown>) => unknown = (values) => values,
): FormRule {
  const render: RuleRender = (form) => ({
    async validator() {
      const result = schema.safeParse(toInput(form.getFieldsValue(true)))
      if (result.success) return
      const issue = result.error.issues.find((item) =>
        samePath(item.path, path),
      )
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
