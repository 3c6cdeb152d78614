import { PostgresAdapter, type Kysely } from 'kysely'

export type DatabaseEngine = 'sqlite' | 'postgres'

/** Which engine a Kysely instance talks to, for the few places where SQL must differ. */
export function databaseEngine<T>(db: Kysely<T>): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? 'postgres'
    : 'sqlite'
}

/**
 * Whether a failed statement broke a unique constraint (or primary key): PostgreSQL's 23505,
 * better-sqlite3's SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY. Lets a writer that raced another
 * read what the other wrote instead of failing.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    typeof error === 'object' && error !== null && 'code' in error
      ? error.code
      : undefined
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  )
}
