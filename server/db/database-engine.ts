import { PostgresAdapter, type Kysely } from 'kysely'

export type DatabaseEngine = 'sqlite' | 'postgres'

export function databaseEngine<T>(db: Kysely<T>): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? 'postgres'
    : 'sqlite'
}

// Lets a writer that raced another read what the other wrote instead of failing.
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
