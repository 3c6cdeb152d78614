import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// Every review of a revision, kept: a returned revision is fixed in place and submitted again,
// so its row holds only the last review; the trail keeps each return with its comment, each
// approval, schedule and cancelled schedule, and each scheduled publication the portal could
// not make. The history in the console shows them all.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const serialType = databaseEngine(db) === 'postgres' ? 'serial' : 'integer'
  const time = 'varchar(19)'
  await db.schema
    .createTable('content_review')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('revision_id', 'integer', (c) =>
      c.notNull().references('content_revision.id'),
    )
    // Null for what the portal itself did (a scheduled publication it could not make).
    .addColumn('reviewer_id', 'integer', (c) =>
      c.references('staff_account.id'),
    )
    // REVIEW_OUTCOMES (common/constants/content.ts).
    .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)')
    .addColumn('publish_at', time)
    .addColumn('at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('content_review_revision_idx')
    .on('content_review')
    .column('revision_id')
    .execute()

  // The reviews the revisions' rows still hold: their last one each.
  await db
    .insertInto('content_review')
    .columns([
      'revision_id',
      'reviewer_id',
      'outcome',
      'comment',
      'publish_at',
      'at',
    ])
    .expression(
      db
        .selectFrom('content_revision')
        .select((eb) => [
          'id',
          'reviewer_id',
          eb
            .case()
            .when('state', '=', 'returned')
            .then('returned')
            .when('state', '=', 'scheduled')
            .then('scheduled')
            .else('approved')
            .end()
            .as('outcome'),
          'review_comment',
          'publish_at',
          'reviewed_at',
        ])
        .where('reviewed_at', 'is not', null),
    )
    .execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_review').execute()
}
