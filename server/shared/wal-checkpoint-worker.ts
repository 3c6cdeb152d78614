import SqliteDatabase from 'better-sqlite3'

// Copies the pages the WAL holds into the database file, on a connection of its own in a
// worker thread: PASSIVE takes no lock a reader or the writer waits for, and stops where a
// reader still needs the older pages (the next run goes on from there).
export default function checkpoint({ file }: { file: string }) {
  const sqlite = new SqliteDatabase(file, { fileMustExist: true })
  try {
    sqlite.pragma('busy_timeout = 1000')
    const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as {
      busy: number
      log: number
      checkpointed: number
    }[]
    return result
  } finally {
    sqlite.close()
  }
}
