import type { ZodType } from 'zod'

import { lazyZodRule } from '#app/components/ui/zod-form-rule.ts'

// What the query form loads when it needs it, not with the page (decision 0074): the schemas
// that check it (and the schema language under them, 22 KB compressed) with the first check,
// and the client that sends the query with the first query.
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
