import { sql } from 'kysely'

// `size` is written as a literal so that PostgreSQL divides integers.
export function idBlock(column: string, size: number) {
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`block size ${size}`)
  return sql<number>`(${sql.ref(column)} - 1) / ${sql.lit(size)}`
}
