import type Database from 'better-sqlite3'

export type Prepare = (text: string) => Database.Statement

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
