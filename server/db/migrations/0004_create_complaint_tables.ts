import { type Kysely, sql } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// The complaint domain (architecture.md, Complaint lifecycle). Times are 'YYYY-MM-DD HH:mm:ss'
// and dates 'YYYY-MM-DD', Asia/Shanghai, as text: they compare alike on both engines.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = databaseEngine(db) === 'postgres'
  const serialType = isPostgres ? 'serial' : 'integer'
  const time = 'varchar(19)'
  const date = 'varchar(10)'

  await db.schema
    .createTable('complaint_daily_sequence')
    .addColumn('day', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('last_value', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('complaint')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_no', 'varchar(12)', (c) => c.notNull().unique())
    // SHA-256 of the query code: the code itself is never stored.
    .addColumn('query_code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('state', 'varchar(32)', (c) => c.notNull())
    .addColumn('state_before_withdrawal', 'varchar(32)')
    // Optimistic lock: every transition updates "where version = the version it read".
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('project_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('project_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('project_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('complainant_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('complainant_role', 'varchar(32)', (c) => c.notNull())
    .addColumn('complainant_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('complainant_id_number', 'varchar(18)', (c) => c.notNull())
    .addColumn('legal_representative', 'varchar(50)')
    .addColumn('complainant_address', 'varchar(200)', (c) => c.notNull())
    .addColumn('contact_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('contact_phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('contact_email', 'varchar(100)')
    .addColumn('complaint_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('facts_html', 'text', (c) => c.notNull())
    .addColumn('requests', 'text', (c) => c.notNull())
    .addColumn('form_file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('submitted_at', time, (c) => c.notNull())
    .addColumn('received_at', time)
    .addColumn('accepted_at', time)
    .addColumn('decided_at', time)
    .addColumn('closed_at', time)
    .addColumn('acceptance_due_date', date)
    // When the scheduled job accepts it: 00:00 after the acceptance due date.
    .addColumn('auto_accept_at', time)
    .addColumn('decision_due_date', date)
    .addColumn('excluded_workdays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extension_workdays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_paused_at', time)
    .addColumn('is_material_requested', 'integer', (c) =>
      c.notNull().defaultTo(0),
    )
    .addColumn('is_activity_suspended', 'integer', (c) =>
      c.notNull().defaultTo(0),
    )
    .addColumn('conclusion', 'varchar(32)')
    .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', time)
    .addColumn('public_summary', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('complaint_auto_accept_idx')
    .on('complaint')
    .columns(['state', 'auto_accept_at'])
    .execute()
  await db.schema
    .createIndex('complaint_published_idx')
    .on('complaint')
    .columns(['is_published', 'published_at', 'id'])
    .execute()
  await db.schema
    .createIndex('complaint_contact_phone_idx')
    .on('complaint')
    .column('contact_phone')
    .execute()

  await db.schema
    .createTable('complaint_respondent')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('role', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('contact', 'varchar(100)')
    .addColumn('address', 'varchar(200)')
    .execute()
  await db.schema
    .createIndex('complaint_respondent_complaint_idx')
    .on('complaint_respondent')
    .columns(['complaint_id', 'sort'])
    .execute()

  await db.schema
    .createTable('complaint_objection')
    .addColumn('complaint_id', 'integer', (c) =>
      c.primaryKey().references('complaint.id'),
    )
    .addColumn('objection_date', date, (c) => c.notNull())
    .addColumn('reply_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reply_date', date)
    .addColumn('reply_summary', 'text')
    .execute()

  // Every file a complaint carries: evidence, objection proof, supplied material, withdrawal.
  await db.schema
    .createTable('complaint_file')
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // The material request or event the file answers, when there is one.
    .addColumn('ref_id', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('complaint_file_pk', [
      'complaint_id',
      'file_id',
      'purpose',
    ])
    .execute()

  await db.schema
    .createTable('complaint_document')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addColumn('issued_at', time, (c) => c.notNull())
    .addColumn('is_sealed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('needs_receipt', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('complaint_document_complaint_idx')
    .on('complaint_document')
    .columns(['complaint_id', 'issued_at'])
    .execute()

  // The complainant's 送达回证: one receipt per delivered document.
  await db.schema
    .createTable('complaint_receipt')
    .addColumn('document_id', 'integer', (c) =>
      c.primaryKey().references('complaint_document.id'),
    )
    .addColumn('signer_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('signed_at', time, (c) => c.notNull())
    .execute()

  // Append-only: triggers below refuse update and delete on both engines.
  await db.schema
    .createTable('complaint_event')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('from_state', 'varchar(32)')
    .addColumn('to_state', 'varchar(32)')
    .addColumn('actor_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) =>
      c.references('complaint_document.id'),
    )
    .addColumn('occurred_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('complaint_event_complaint_idx')
    .on('complaint_event')
    .columns(['complaint_id', 'id'])
    .execute()
  if (isPostgres) {
    await sql`create function complaint_event_append_only() returns trigger
      language plpgsql as $$ begin
        raise exception 'complaint_event is append-only';
      end $$`.execute(db)
    await sql`create trigger complaint_event_no_change before update or delete
      on complaint_event for each row execute function complaint_event_append_only()`.execute(
      db,
    )
  } else {
    for (const operation of ['update', 'delete']) {
      await sql
        .raw(
          `create trigger complaint_event_no_${operation} before ${operation}
           on complaint_event begin
             select raise(abort, 'complaint_event is append-only');
           end`,
        )
        .execute(db)
    }
  }

  await db.schema
    .createTable('complaint_material_request')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('workdays', 'integer', (c) => c.notNull())
    .addColumn('requested_at', time, (c) => c.notNull())
    .addColumn('due_date', date, (c) => c.notNull())
    .addColumn('answered_at', time)
    .addColumn('answer_text', 'text')
    .execute()
  await db.schema
    .createIndex('complaint_material_request_complaint_idx')
    .on('complaint_material_request')
    .column('complaint_id')
    .execute()

  await db.schema
    .createTable('complaint_transcript')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) =>
      c.notNull().references('complaint.id'),
    )
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('place', 'varchar(100)', (c) => c.notNull())
    .addColumn('interviewee', 'varchar(100)', (c) => c.notNull())
    .addColumn('interviewer', 'varchar(100)', (c) => c.notNull())
    .addColumn('occurred_at', time, (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_visible_to_complainant', 'integer', (c) =>
      c.notNull().defaultTo(1),
    )
    .addColumn('document_id', 'integer', (c) =>
      c.references('complaint_document.id'),
    )
    .execute()
  await db.schema
    .createIndex('complaint_transcript_complaint_idx')
    .on('complaint_transcript')
    .column('complaint_id')
    .execute()

  await db.schema
    .createTable('complaint_feedback')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('complaint_id', 'integer', (c) => c.references('complaint.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('replied_at', time)
    // Shown on the public page only once the department answered and released it.
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('complaint_feedback_public_idx')
    .on('complaint_feedback')
    .columns(['is_public', 'replied_at', 'id'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'complaint_feedback',
    'complaint_transcript',
    'complaint_material_request',
    'complaint_event',
    'complaint_receipt',
    'complaint_document',
    'complaint_file',
    'complaint_objection',
    'complaint_respondent',
    'complaint',
    'complaint_daily_sequence',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  if (databaseEngine(db) === 'postgres')
    await sql`drop function if exists complaint_event_append_only()`.execute(db)
}
