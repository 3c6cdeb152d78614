import type { ZodType } from 'zod'

import { lazyZodRule } from '#app/components/ui/zod-form-rule.ts'

// The query form is the page's first sight; the schemas that check it (and the schema language
// under them, 22 KB compressed) come with the first check or the first query, as does the
// client that sends it.
export const loadQuerySchemas = () =>
  import('#common/schemas/complaint/complaint-fields.ts')
export const loadRegionalApi = () =>
  import('#app/api/browser-regional-api.ts').then((module) =>
    module.getBrowserRegionalApi(),
  )

export type QuerySchemas = Awaited<ReturnType<typeof loadQuerySchemas>>

/** The rule of one field of a query form, by the shared schema of that field. */
export const queryFieldRule = (
  pick: (schemas: QuerySchemas) => ZodType,
  name: string,
) =>
  lazyZodRule(
    () => loadQuerySchemas().then(pick),
    [],
    (values) => values[name] ?? '',
  )
