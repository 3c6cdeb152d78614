import { z } from 'zod'

import { PAGE_SIZE } from '#common/constants/ui.ts'

export const PageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
})

/** A page as the Portal API sends it (architecture.md): `{ Table, Total }`. */
export type PortalPage<T> = { Table: T[]; Total: number }

export function portalPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ Table: z.array(item), Total: z.number().int().min(0) })
}
