import type Database from 'better-sqlite3'

/** A statement of the baseline's, prepared once per text. */
export type Prepare = (text: string) => Database.Statement

/** Statements by their text: each filter shape is prepared once. */
export function preparedCache(db: Database.Database): Prepare {
  const cache = new Map<string, Database.Statement>()
  return (text: string) => {
    let statement = cache.get(text)
    if (!statement) {
      statement = db.prepare(text)
      cache.set(text, statement)
    }
    return statement
  }
}
