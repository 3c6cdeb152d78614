import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Supervision from the data (server/supervision/). A stage announcement keeps its facts as JSON
// beside its HTML body (common/schemas/content/stage-facts.ts: dates, prices, bids, candidates),
// null where none are given. The warnings the engine computes from them are rows of their own, one
// per project and indicator code: recomputed on every change of the project's announcements, and
// kept (with whoever handles them and how) while their inputs stay the same.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  const time = 'varchar(19)'

  await db.schema
    .alterTable('project_announcement')
    .addColumn('facts', 'text')
    .execute()

  // The companies of each tender as the cross-tender indicators read them (bidding rings, one
  // company winning most of a tenderer's awards): who bid, on the day of the bid deadline, and who
  // won, on the day of the award notice. Kept by the warnings' refresh from the facts.
  await db.schema
    .createTable('tender_party')
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('project.id'),
    )
    .addColumn('credit_code', 'varchar(18)', (c) => c.notNull())
    .addColumn('tenderer', 'varchar(200)', (c) => c.notNull())
    .addColumn('bid_day', 'varchar(10)')
    .addColumn('won_day', 'varchar(10)')
    .addPrimaryKeyConstraint('tender_party_pk', ['project_id', 'credit_code'])
    .execute()
  await db.schema
    .createIndex('tender_party_bids')
    .on('tender_party')
    .columns(['credit_code', 'bid_day'])
    .execute()
  await db.schema
    .createIndex('tender_party_awards')
    .on('tender_party')
    .columns(['tenderer', 'won_day'])
    .execute()

  // Each published tender's figures for 监督统计, kept from its facts with its warnings: its
  // tender period in days (招标公告 only) and the bids opened at its opening; null where its
  // facts do not say.
  await db.schema
    .createTable('tender_figure')
    .addColumn('project_id', 'integer', (c) =>
      c.primaryKey().references('project.id'),
    )
    .addColumn('tender_days', 'integer')
    .addColumn('opened_bids', 'integer')
    .execute()

  // The thresholds a 系统管理员 set, per indicator (JSON of its values); an indicator without a
  // row, or a value not given, has its default (common/constants/supervision.ts).
  await db.schema
    .createTable('supervision_threshold')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('thresholds', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('supervision_warning')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) =>
      c.notNull().references('project.id'),
    )
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    // What the indicator read (JSON) and why it fired, in plain Chinese.
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    // A hash of the inputs: a warning whose inputs change is raised anew (reopened).
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    // raised (待处理), checking (核查中), verified (已核实), dismissed (排除); cleared when it no
    // longer fires (its row stays for the figures and the trail).
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('assignee_id', 'integer', (c) =>
      c.references('staff_account.id'),
    )
    .addColumn('disposition_note', 'text')
    // The 联动监管 content item a verified warning opened.
    .addColumn('linkage_item_id', 'integer', (c) =>
      c.references('content_item.id'),
    )
    .addColumn('raised_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('cleared_at', time)
    .execute()
  await db.schema
    .createIndex('supervision_warning_project_code')
    .on('supervision_warning')
    .columns(['project_id', 'code'])
    .unique()
    .execute()
  // Each warning's trail, the engine's steps (raised, raised again, cleared) with staff's.
  await db.schema
    .createTable('supervision_warning_step')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('warning_id', 'integer', (c) =>
      c.notNull().references('supervision_warning.id'),
    )
    .addColumn('at', time, (c) => c.notNull())
    // null: the engine.
    .addColumn('actor_id', 'integer', (c) => c.references('staff_account.id'))
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .createIndex('supervision_warning_step_warning')
    .on('supervision_warning_step')
    .columns(['warning_id', 'id'])
    .execute()
  await db.schema
    .createIndex('supervision_warning_state')
    .on('supervision_warning')
    .columns(['state', 'raised_at'])
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('supervision_warning_step').execute()
  await db.schema.dropTable('supervision_warning').execute()
  await db.schema.dropTable('tender_party').execute()
  await db.schema.dropTable('supervision_threshold').execute()
  await db.schema.dropTable('tender_figure').execute()
  await db.schema
    .alterTable('project_announcement')
    .dropColumn('facts')
    .execute()
}
