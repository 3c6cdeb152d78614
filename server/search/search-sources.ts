import { type Kysely } from 'kysely'

import {
  ARTICLE_CATEGORY_NAMES,
  POLICY_CATEGORIES,
} from '#common/constants/articles.ts'
import {
  countProjects,
  projectNames,
  stageName,
} from '#server/projects/project-repository.ts'
import {
  countArticles,
  findPublishedArticlesAfter,
} from '#server/articles/article-repository.ts'
import { htmlToText } from './search-text.ts'
import { type Database, type NewProject } from '#server/db/schema.ts'
import {
  indexSearchDocuments,
  type SearchDocumentInput,
} from './search-index.ts'
import {
  countSearchDocuments,
  deleteAllSearchDocuments,
  findAnnouncementsAfter,
  findProjectsAfter,
} from './search-repository.ts'

const POLICY_CATEGORY_IDS = new Set(
  POLICY_CATEGORIES.map((c) => Number(c.ctype)),
)

/** The index entry of an article: policies (spec §9 categories) are their own type. */
export function articleSearchDocument(article: {
  id: number
  categoryId: number
  title: string
  /** Sanitized HTML as stored. */
  content: string
  publishTime: string
}): SearchDocumentInput {
  return {
    type: POLICY_CATEGORY_IDS.has(article.categoryId) ? 'policy' : 'article',
    refId: article.id,
    categoryId: article.categoryId,
    subTypeName: ARTICLE_CATEGORY_NAMES[article.categoryId] ?? '',
    title: article.title,
    body: htmlToText(article.content),
    publishTime: article.publishTime,
  }
}

/**
 * The index entry of a project: its name, and as body the facts a visitor may search by
 * (number, tenderer, agency, place, region, trade mode, fund source).
 */
export function projectSearchDocument(
  project: Omit<NewProject, 'id'> & { id: number },
): SearchDocumentInput {
  const names = projectNames(project)
  return {
    type: 'project',
    refId: project.id,
    categoryId: project.category,
    subTypeName: names.categoryName,
    title: project.name,
    body: [
      `项目编号：${project.code}`,
      `交易类别：${names.categoryName} ${names.subTypeName}`,
      `招标人：${project.tenderer}`,
      `代理机构：${project.agency}`,
      `项目地点：${names.regionName} ${project.location}`,
      `交易方式：${project.tradeMode}`,
      `资金来源：${project.fundSource}`,
    ].join('。'),
    publishTime: project.publishTime,
  }
}

/** The index entry of a stage announcement: it links to its project, on its stage's tab. */
export function announcementSearchDocument(announcement: {
  id: number
  projectId: number
  stage: string
  title: string
  /** Sanitized HTML as stored. */
  content: string
  publishTime: string
}): SearchDocumentInput {
  return {
    type: 'announcement',
    refId: announcement.id,
    projectId: announcement.projectId,
    stage: announcement.stage,
    subTypeName: stageName(announcement.stage),
    title: announcement.title,
    body: htmlToText(announcement.content),
    publishTime: announcement.publishTime,
  }
}

const REBUILD_BATCH = 500

/** Feeds every row of one source to the index, a batch at a time. */
async function indexAll<T extends { id: number }>(
  db: Kysely<Database>,
  read: (db: Kysely<Database>, afterId: number, limit: number) => Promise<T[]>,
  toDocument: (row: T) => SearchDocumentInput,
): Promise<number> {
  let written = 0
  for (let afterId = 0; ;) {
    const rows = await read(db, afterId, REBUILD_BATCH)
    if (rows.length === 0) return written
    await indexSearchDocuments(db, rows.map(toDocument))
    written += rows.length
    afterId = rows.at(-1)!.id
  }
}

/** Replaces the whole index with what is published now (after a restore, or a fix to the terms). */
export async function rebuildSearchIndex(
  db: Kysely<Database>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await deleteAllSearchDocuments(trx)
    return (
      (await indexAll(trx, findPublishedArticlesAfter, articleSearchDocument)) +
      (await indexAll(trx, findProjectsAfter, projectSearchDocument)) +
      (await indexAll(trx, findAnnouncementsAfter, announcementSearchDocument))
    )
  })
}

/**
 * At start: an index that is empty while content exists (a database from before the search
 * index, or content loaded by a tool that bypassed the writers) is rebuilt.
 */
export async function ensureSearchIndex(
  db: Kysely<Database>,
): Promise<number | null> {
  if ((await countSearchDocuments(db)) > 0) return null
  if ((await countArticles(db)) + (await countProjects(db)) === 0) return null
  return rebuildSearchIndex(db)
}
