import { mkdirSync } from 'node:fs'
import path from 'node:path'

import SqliteDatabase from 'better-sqlite3'
import {
  CamelCasePlugin,
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase as SqliteDatabaseLike,
  type Migration,
  type Transaction,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely'
import pg from 'pg'

import * as createContentTables from './migrations/0001_create_content_tables.ts'
import * as createProjectTables from './migrations/0002_create_project_tables.ts'
import * as createSearchIndex from './migrations/0003_create_search_index.ts'
import * as createComplaintTables from './migrations/0004_create_complaint_tables.ts'
import * as createSigningTables from './migrations/0005_create_signing_tables.ts'
import * as createComplaintForms from './migrations/0006_create_complaint_forms.ts'
import * as createSubmissionTables from './migrations/0007_create_submission_tables.ts'
import * as createFileAccess from './migrations/0008_create_file_access.ts'
import * as addProjectSchedule from './migrations/0009_add_project_schedule.ts'
import * as recordSealHolders from './migrations/0010_record_seal_holders.ts'
import * as addPublicDecisions from './migrations/0011_add_public_decisions.ts'
import * as createStaffTables from './migrations/0012_create_staff_tables.ts'
import * as createContentWorkflow from './migrations/0013_create_content_workflow.ts'
import * as addProjectContent from './migrations/0014_add_project_content.ts'
import * as addSiteContent from './migrations/0015_add_site_content.ts'
import * as keepReviewTrail from './migrations/0016_keep_review_trail.ts'
import * as addProjectCorrections from './migrations/0017_add_project_corrections.ts'
import * as createJobLeases from './migrations/0018_create_job_leases.ts'
import * as orderSearchIndexByTime from './migrations/0019_order_search_index_by_time.ts'
import * as createSavedSearches from './migrations/0020_create_saved_searches.ts'
import * as createCreditRecords from './migrations/0021_create_credit_records.ts'
import * as indexAnnouncementChanges from './migrations/0022_index_announcement_changes.ts'
import * as dropArticleSearchText from './migrations/0023_drop_article_search_text.ts'
import * as addStaffTokenExpiry from './migrations/0024_add_staff_token_expiry.ts'
import * as recordStaffSignInFailures from './migrations/0025_record_staff_sign_in_failures.ts'
import * as createProjectReleaseLog from './migrations/0026_create_project_release_log.ts'
import * as stopAcceptanceClockForMaterial from './migrations/0027_stop_acceptance_clock_for_material.ts'
import * as addInternalNotes from './migrations/0028_add_internal_notes.ts'
import * as addComplaintAssignee from './migrations/0029_add_complaint_assignee.ts'
import * as oneFilingReceipt from './migrations/0030_one_filing_receipt.ts'
import * as createComplaintDrafts from './migrations/0031_create_complaint_drafts.ts'
import * as addRevisionEditedAt from './migrations/0032_add_revision_edited_at.ts'
import * as addStaffContactsAndReminders from './migrations/0033_add_staff_contacts_and_reminders.ts'
import * as addStageFactsAndWarnings from './migrations/0034_add_stage_facts_and_warnings.ts'
import * as addOcdsImport from './migrations/0035_add_ocds_import.ts'
import { databaseEngine } from './database-engine.ts'
import type { Database } from './schema.ts'

export {
  databaseEngine,
  isUniqueViolation,
  type DatabaseEngine,
} from './database-engine.ts'

type DatabaseOptions = {
  databaseUrl?: string
  dataDir: string
  /**
   * SQLite: set up on the open connection before first use (the serving process's WAL
   * checkpoints, server/shared/wal-checkpoints.ts); what it returns runs before closing.
   */
  setUpSqlite?: (sqlite: SqliteDatabase.Database) => () => void
}

const SQLITE_SYNCHRONOUS = 'NORMAL'

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url)
}

export async function createDatabase(
  options: DatabaseOptions,
): Promise<Kysely<Database>> {
  const plugins = [new CamelCasePlugin()]
  if (isPostgresUrl(options.databaseUrl)) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 })
    // An idle connection the server ends (a restart, a failover, an administrator) is an
    // 'error' on the pool, which would otherwise end the process. The pool has already dropped
    // that connection and opens another for the next query; a query in flight fails on its own.
    pool.on('error', () => {})
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      plugins,
    })
  }
  mkdirSync(options.dataDir, { recursive: true })
  const sqlite = new SqliteDatabase(path.join(options.dataDir, 'portal.db'))
  // WAL lets page reads go on while a write commits; busy_timeout waits out a concurrent
  // writer (a second process, a backup) instead of failing at once. NORMAL syncs the WAL only
  // at checkpoints: a crash of the process loses nothing, a power cut may lose the last
  // commits, so the commits an acknowledgement rests on go through durableTransaction.
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma(`synchronous = ${SQLITE_SYNCHRONOUS}`)
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const beforeClose = options.setUpSqlite?.(sqlite) ?? (() => {})
  return new Kysely<Database>({
    dialect: new SqliteDialect({
      database: withStatementCache(sqlite, beforeClose),
    }),
    plugins,
  })
}

// Distinct statements kept prepared; a list with its filters makes a few dozen shapes.
const PREPARED_STATEMENTS = 500

// Kysely prepares each statement it runs, and preparing took about 5 % of an uncached page's
// time. A statement is never run twice at once (one connection, Kysely queues its queries).
function withStatementCache(
  sqlite: SqliteDatabase.Database,
  beforeClose: () => void,
): SqliteDatabaseLike {
  let statements = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => {
      beforeClose()
      sqlite.close()
    },
    prepare(sql: string) {
      let statement = statements.get(sql)
      if (!statement) {
        if (statements.size >= PREPARED_STATEMENTS) statements = new Map()
        statement = sqlite.prepare(sql)
        statements.set(sql, statement)
      }
      return statement
    },
  }
}

// For the commits an acknowledgement rests on: on SQLite, synchronous=FULL for this commit,
// which also makes every earlier commit in the WAL durable. PostgreSQL is durable already.
export async function durableTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (databaseEngine(db) === 'postgres') return db.transaction().execute(work)
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = FULL`.execute(connection)
    try {
      return await connection.transaction().execute(work)
    } finally {
      await sql
        .raw(`pragma synchronous = ${SQLITE_SYNCHRONOUS}`)
        .execute(connection)
    }
  })
}

// Explicit and append-only: a migration is never renamed, edited or removed once committed.
const migrations: Record<string, Migration> = {
  '0001_create_content_tables': createContentTables,
  '0002_create_project_tables': createProjectTables,
  '0003_create_search_index': createSearchIndex,
  '0004_create_complaint_tables': createComplaintTables,
  '0005_create_signing_tables': createSigningTables,
  '0006_create_complaint_forms': createComplaintForms,
  '0007_create_submission_tables': createSubmissionTables,
  '0008_create_file_access': createFileAccess,
  '0009_add_project_schedule': addProjectSchedule,
  '0010_record_seal_holders': recordSealHolders,
  '0011_add_public_decisions': addPublicDecisions,
  '0012_create_staff_tables': createStaffTables,
  '0013_create_content_workflow': createContentWorkflow,
  '0014_add_project_content': addProjectContent,
  '0015_add_site_content': addSiteContent,
  '0016_keep_review_trail': keepReviewTrail,
  '0017_add_project_corrections': addProjectCorrections,
  '0018_create_job_leases': createJobLeases,
  '0019_order_search_index_by_time': orderSearchIndexByTime,
  '0020_create_saved_searches': createSavedSearches,
  '0021_create_credit_records': createCreditRecords,
  '0022_index_announcement_changes': indexAnnouncementChanges,
  '0023_drop_article_search_text': dropArticleSearchText,
  '0024_add_staff_token_expiry': addStaffTokenExpiry,
  '0025_record_staff_sign_in_failures': recordStaffSignInFailures,
  '0026_create_project_release_log': createProjectReleaseLog,
  '0027_stop_acceptance_clock_for_material': stopAcceptanceClockForMaterial,
  '0028_add_internal_notes': addInternalNotes,
  '0029_add_complaint_assignee': addComplaintAssignee,
  '0030_one_filing_receipt': oneFilingReceipt,
  '0031_create_complaint_drafts': createComplaintDrafts,
  '0032_add_revision_edited_at': addRevisionEditedAt,
  '0033_add_staff_contacts_and_reminders': addStaffContactsAndReminders,
  '0034_add_stage_facts_and_warnings': addStageFactsAndWarnings,
  '0035_add_ocds_import': addOcdsImport,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

export function createMigrator(db: Kysely<Database>): Migrator {
  // Migration numbers are reserved per area and land in any order: 0004 may run before 0002
  // on a database that already exists. Each migration touches only its own tables.
  return new Migrator({ db, provider, allowUnorderedMigrations: true })
}

export async function migrateToLatest(
  db: Kysely<Database>,
): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest()
  if (result.error) throw result.error
  return result
}

export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db)
}
