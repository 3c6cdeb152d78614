import type { Kysely } from 'kysely'

import { databaseEngine } from '../database-engine.ts'

// The content workflow (server/content): every public article and policy is an item written as
// revisions, reviewed by someone other than its author, and projected into the public tables
// when published. The public tables stay what the pages read; the revisions are the source.
//
// Also: the article columns a policy, a correction and a withdrawal need; the pictures a body
// shows (so /files serves them once published); the files staff uploaded for content; and two
// built-in system accounts that no one signs in with, the author and reviewer of the content
// that existed before the workflow (the demo seed's, or an older database's).

/** The built-in accounts, written out: a migration must give the same rows after code moves on. */
const SYSTEM_ACCOUNTS = [
  { accountName: 'system:content-author', displayName: '演示数据' },
  { accountName: 'system:content-reviewer', displayName: '演示数据审核' },
] as const

/** Which kind the existing articles are, by category (spec §9), as of this migration. */
const POLICY_CATEGORIES = [927, 928, 929, 1070]

const BACKFILL_BATCH = 200

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = databaseEngine(db) === 'postgres'
  const serialType = isPostgres ? 'serial' : 'integer'
  const time = 'varchar(19)'

  // A system account: no password, no factor, never enrolled, disabled, hidden from the
  // account list and refused by every way in (server/staff). Its name cannot be a real
  // account's (those are lower-case letters, digits and . _ -).
  await db.schema
    .alterTable('staff_account')
    .addColumn('is_system', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  for (const [table, column, type] of [
    ['article', 'issuing_body', 'varchar(100)'],
    ['article', 'document_number', 'varchar(50)'],
    ['article', 'correction_note', 'varchar(200)'],
  ] as const)
    await db.schema
      .alterTable(table)
      .addColumn(column, type, (c) => c.notNull().defaultTo(''))
      .execute()
  for (const [column, type] of [
    // 'YYYY-MM-DD' as the document says, null when it names none.
    ['issued_date', 'varchar(10)'],
    ['effective_date', 'varchar(10)'],
    // When the last correction was published; null: never corrected.
    ['corrected_at', time],
    // Off the public side since then, the row kept so its address says so.
    ['withdrawn_at', time],
    ['withdrawal_reason', 'varchar(500)'],
  ] as const)
    await db.schema.alterTable('article').addColumn(column, type).execute()

  // The pictures a published body shows: public like the attachments (file-access.ts).
  await db.schema
    .createTable('article_image')
    .addColumn('article_id', 'integer', (c) =>
      c.notNull().references('article.id').onDelete('cascade'),
    )
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.notNull().references('file.id'),
    )
    .addPrimaryKeyConstraint('article_image_pk', ['article_id', 'file_id'])
    .execute()
  await db.schema
    .createIndex('article_image_file_id_idx')
    .on('article_image')
    .column('file_id')
    .execute()

  await db.schema
    .createTable('content_item')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // The public row's id (the article id) once first published; stable across revisions.
    .addColumn('public_id', 'integer')
    // unpublished | published | withdrawn
    .addColumn('item_state', 'varchar(16)', (c) =>
      c.notNull().defaultTo('unpublished'),
    )
    .addColumn('latest_revision_no', 'integer', (c) => c.notNull())
    .addColumn('published_revision_no', 'integer')
    .addColumn('first_published_at', time)
    .addColumn('withdrawal_reason', 'varchar(500)')
    .addColumn('withdrawn_at', time)
    .addColumn('withdrawn_by', 'integer', (c) =>
      c.references('staff_account.id'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    // The last change of any of its revisions: the console lists the latest first.
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('content_item_public_idx')
    .on('content_item')
    .columns(['kind', 'public_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('content_item_updated_idx')
    .on('content_item')
    .columns(['updated_at', 'id'])
    .execute()

  await db.schema
    .createTable('content_revision')
    .addColumn('id', serialType, (c) => c.primaryKey())
    .addColumn('item_id', 'integer', (c) =>
      c.notNull().references('content_item.id'),
    )
    .addColumn('revision_no', 'integer', (c) => c.notNull())
    // Counts the saves and state changes: a change names the version it was based on.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    // Copied from the fields for the console's list, filters and keyword.
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('category_id', 'integer')
    // The kind's fields as JSON (common/schemas/content.ts), HTML already sanitized.
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('is_correction', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correction_note', 'varchar(200)', (c) =>
      c.notNull().defaultTo(''),
    )
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    // Everyone who saved it, ",3,7,": none of them may review it.
    .addColumn('editor_ids', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('submitted_at', time)
    .addColumn('reviewer_id', 'integer', (c) =>
      c.references('staff_account.id'),
    )
    .addColumn('reviewed_at', time)
    .addColumn('review_comment', 'varchar(500)')
    .addColumn('publish_at', time)
    .addColumn('published_at', time)
    .addColumn('publisher_id', 'integer', (c) =>
      c.references('staff_account.id'),
    )
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('content_revision_item_no_idx')
    .on('content_revision')
    .columns(['item_id', 'revision_no'])
    .unique()
    .execute()
  // The scheduler's query every second: scheduled revisions whose time has come.
  await db.schema
    .createIndex('content_revision_schedule_idx')
    .on('content_revision')
    .columns(['state', 'publish_at'])
    .execute()
  // The dashboard's and the queues' counts per author.
  await db.schema
    .createIndex('content_revision_author_idx')
    .on('content_revision')
    .columns(['author_id', 'state'])
    .execute()

  // A file staff uploaded for content (a picture or an attachment): only such files, or those
  // the content already holds, may be named in a revision; staff with a content role read them.
  await db.schema
    .createTable('content_upload')
    .addColumn('file_id', 'varchar(32)', (c) =>
      c.primaryKey().references('file.id'),
    )
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().references('staff_account.id'),
    )
    .addColumn('uploaded_at', time, (c) => c.notNull())
    .execute()

  const at = currentShanghaiTime()
  const ids: number[] = []
  for (const account of SYSTEM_ACCOUNTS) {
    const row = await db
      .insertInto('staff_account')
      .values({
        accountName: account.accountName,
        displayName: account.displayName,
        isDisabled: 1,
        isSystem: 1,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(Number(row.id))
  }
  await backfillItems(db, { authorId: ids[0]!, reviewerId: ids[1]! })
}

function currentShanghaiTime(): string {
  return new Date(Date.now() + 8 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')
}

/**
 * Articles written before the workflow (an older database) become items whose revision 1 is
 * published, written by the system author and approved by the system reviewer, so the console
 * can edit everything the public side shows; an unpublished one becomes an unpublished item
 * with a draft. A fresh database has none: the seed goes through the workflow itself. Rows
 * come back camel-cased (the connection's CamelCasePlugin).
 */
async function backfillItems(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  db: Kysely<any>,
  { authorId, reviewerId }: { authorId: number; reviewerId: number },
) {
  // Their attachments and covers count as uploaded for content: a later revision keeps them.
  const uploaded = new Set<string>()
  for (let afterId = 0; ;) {
    const articles = await db
      .selectFrom('article')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(BACKFILL_BATCH)
      .execute()
    if (articles.length === 0) return
    afterId = articles.at(-1)!.id
    const files = await db
      .selectFrom('articleFile')
      .select(['articleId', 'fileId'])
      .where(
        'articleId',
        'in',
        articles.map((a) => a.id),
      )
      .orderBy('articleId')
      .orderBy('sort')
      .execute()
    const rows = articles.map((a) => {
      const isPolicy = POLICY_CATEGORIES.includes(a.categoryId)
      const attachments = files
        .filter((f) => f.articleId === a.id)
        .map((f) => String(f.fileId))
      const common = {
        categoryId: a.categoryId,
        // The fields must read back through the kind's schema: nothing empty where it asks.
        title: String(a.title).slice(0, 200) || '（无标题）',
        summary: String(a.summary).slice(0, 500),
        content: String(a.content) || '<p></p>',
        source: String(a.source).slice(0, 50),
        attachments: attachments.slice(0, 20),
      }
      const fields = isPolicy
        ? {
            ...common,
            issuingBody: String(a.source).slice(0, 100),
            documentNumber: '',
            issuedDate: String(a.publishTime).slice(0, 10),
            effectiveDate: null,
          }
        : {
            ...common,
            author: String(a.author).slice(0, 50),
            coverFileId: a.coverFileId ?? null,
            isRotation: a.isRotation === 1,
          }
      return { article: a, isPolicy, fields, isPublished: a.isPublished === 1 }
    })
    const items = await db
      .insertInto('content_item')
      .values(
        rows.map(({ article, isPolicy, isPublished }) => ({
          kind: isPolicy ? 'policy' : 'article',
          publicId: article.id,
          itemState: isPublished ? 'published' : 'unpublished',
          latestRevisionNo: 1,
          publishedRevisionNo: isPublished ? 1 : null,
          firstPublishedAt: isPublished ? article.publishTime : null,
          createdAt: article.createdAt,
          updatedAt: article.updatedAt,
        })),
      )
      .returning(['id', 'publicId'])
      .execute()
    const itemOf = new Map(items.map((i) => [Number(i.publicId), i.id]))
    await db
      .insertInto('content_revision')
      .values(
        rows.map(({ article, fields, isPublished }) => ({
          itemId: itemOf.get(article.id),
          revisionNo: 1,
          version: 1,
          state: isPublished ? 'published' : 'draft',
          title: fields.title,
          categoryId: fields.categoryId,
          fields: JSON.stringify(fields),
          authorId,
          editorIds: `,${authorId},`,
          submittedAt: isPublished ? article.publishTime : null,
          reviewerId: isPublished ? reviewerId : null,
          reviewedAt: isPublished ? article.publishTime : null,
          publishedAt: isPublished ? article.publishTime : null,
          publisherId: isPublished ? reviewerId : null,
          createdAt: article.createdAt,
          updatedAt: article.updatedAt,
        })),
      )
      .execute()
    const fileIds = rows
      .flatMap(({ article, fields }) => [
        ...fields.attachments,
        ...(article.coverFileId ? [String(article.coverFileId)] : []),
      ])
      .filter((id) => !uploaded.has(id) && Boolean(uploaded.add(id)))
    if (fileIds.length > 0)
      await db
        .insertInto('contentUpload')
        .values(
          fileIds.map((fileId) => ({
            fileId,
            accountId: authorId,
            uploadedAt: currentShanghaiTime(),
          })),
        )
        .execute()
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's advice for migrations
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'content_upload',
    'content_revision',
    'content_item',
    'article_image',
  ])
    await db.schema.dropTable(table).ifExists().execute()
  for (const column of [
    'withdrawal_reason',
    'withdrawn_at',
    'corrected_at',
    'effective_date',
    'issued_date',
    'correction_note',
    'document_number',
    'issuing_body',
  ])
    await db.schema.alterTable('article').dropColumn(column).execute()
  await db.deleteFrom('staff_account').where('isSystem', '=', 1).execute()
  await db.schema.alterTable('staff_account').dropColumn('is_system').execute()
}
