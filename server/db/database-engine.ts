import { PostgresAdapter, type Kysely } from 'kysely'

export type DatabaseEngine = 'sqlite' | 'postgres'

/** Which engine a Kysely instance talks to, for the few places where SQL must differ. */
export function databaseEngine<T>(db: Kysely<T>): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? 'postgres'
    : 'sqlite'
}
