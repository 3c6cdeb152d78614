import { sql } from 'kysely'

/**
 * The block of an id column: ids 1 to `size` are block 0, the next `size` block 1… Integer
 * division on both engines; `size` is the portal's own setting, written as a literal so that
 * PostgreSQL divides integers.
 */
export function idBlock(column: string, size: number) {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`block size ${size}`)
  return sql<number>`(${sql.ref(column)} - 1) / ${sql.lit(size)}`
}
