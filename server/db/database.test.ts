import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import { type Kysely, NO_MIGRATIONS, sql } from 'kysely'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'

import { createTestDatabase, testEngines } from '#tests/db.ts'

import {
  createDatabase,
  createMigrator,
  databaseEngine,
  durableTransaction,
  migrateToLatest,
} from './database.ts'
import type { Database } from './schema.ts'

const TABLES = [
  'alert_delivery',
  'alert_item',
  'alert_subscription',
  'article',
  'article_file',
  'article_image',
  'complaint',
  'complaint_daily_sequence',
  'complaint_document',
  'complaint_draft',
  'complaint_event',
  'complaint_feedback',
  'complaint_file',
  'complaint_file_grant',
  'complaint_form',
  'complaint_material_request',
  'complaint_objection',
  'complaint_receipt',
  'complaint_reminder',
  'complaint_respondent',
  'complaint_submission',
  'complaint_transcript',
  'content_item',
  'content_review',
  'content_revision',
  'content_upload',
  'credit_record',
  'dictionary',
  'dictionary_type',
  'file',
  'file_upload',
  'footer_link',
  'home_link',
  'job_lease',
  'linkage_record',
  'linkage_record_file',
  'linkage_record_image',
  'mail_outbox',
  'ocds_import_part',
  'ocds_import_release',
  'project',
  'project_announcement',
  'project_announcement_file',
  'project_announcement_image',
  'project_release_log',
  'search_document',
  // The FTS5 table of the search index and its shadow tables.
  'search_fts',
  'search_fts_config',
  'search_fts_data',
  'search_fts_docsize',
  'search_fts_idx',
  'signed_file',
  'signing_session',
  'site_setting',
  'sms_outbox',
  'staff_account',
  'staff_account_role',
  'staff_api_token',
  'staff_audit',
  'staff_contact_code',
  'staff_digest',
  'staff_session',
  'staff_setup_link',
  'supervision_threshold',
  'supervision_warning',
  'supervision_warning_step',
  'tender_figure',
  'tender_party',
]

describe('SQLite database', () => {
  const cleanup: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step()
  })

  async function freshDatabase() {
    const root = await mkdtemp(path.join(os.tmpdir(), 'db-'))
    cleanup.push(() => rm(root, { recursive: true, force: true }))
    const db = await createDatabase({
      dataDir: path.join(root, 'nested', 'data'),
    })
    cleanup.push(() => db.destroy())
    return db
  }

  it('opens a WAL file with foreign keys enforced, creating the data dir', async () => {
    const db = await freshDatabase()
    expect(databaseEngine(db)).toBe('sqlite')
    // CamelCasePlugin also renames the pragma result columns.
    const { rows: journal } = await sql<{
      journalMode: string
    }>`pragma journal_mode`.execute(db)
    const { rows: keys } = await sql<{
      foreignKeys: number
    }>`pragma foreign_keys`.execute(db)
    expect(journal[0]?.journalMode).toBe('wal')
    expect(keys[0]?.foreignKeys).toBe(1)
  })

  it('migrates to the latest schema, and again without doing anything', async () => {
    const db = await freshDatabase()
    await migrateToLatest(db)
    const tables = (await db.introspection.getTables())
      .map((table) => table.name)
      .sort()
    expect(tables).toEqual(TABLES)
    expect((await migrateToLatest(db)).results).toEqual([])
  })

  it('syncs the WAL at the commit of a durable transaction (synchronous=FULL) and stays at NORMAL otherwise', async () => {
    const db = await freshDatabase()
    const level = async (on: Kysely<Database>) =>
      (await sql<{ synchronous: number }>`pragma synchronous`.execute(on))
        .rows[0]?.synchronous
    // 1 = NORMAL, 2 = FULL.
    expect(await level(db)).toBe(1)
    expect(await durableTransaction(db, (trx) => level(trx))).toBe(2)
    expect(await level(db)).toBe(1)
    await expect(
      durableTransaction(db, async () => {
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await level(db)).toBe(1)
  })

  it('undoes every migration', async () => {
    const db = await freshDatabase()
    await migrateToLatest(db)
    const { error } = await createMigrator(db).migrateTo(NO_MIGRATIONS)
    expect(error).toBeUndefined()
    expect(await db.introspection.getTables()).toEqual([])
  })
})

describe.runIf(testEngines.includes('postgres'))('PostgreSQL database', () => {
  it('keeps answering after the server ends one of its idle connections', async () => {
    const t = await createTestDatabase('postgres', { isEmpty: true })
    try {
      await sql`select 1`.execute(t.db)
      // As a restart or an administrator would: every connection of the portal's pool ends.
      const admin = new pg.Client({ connectionString: t.databaseUrl })
      await admin.connect()
      try {
        await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      } finally {
        await admin.end()
      }
      // The process goes on (an unheard pool error would end it) and the next query is served.
      await expect
        .poll(async () =>
          sql<{ one: number }>`select 1 as one`
            .execute(t.db)
            .then((r) => r.rows[0]?.one)
            .catch(() => null),
        )
        .toBe(1)
    } finally {
      await t.destroy()
    }
  })
})
