import { type Kysely } from 'kysely'

import {
  ARTICLE_CATEGORY_NAMES,
  DOWNLOAD_CATEGORY_ID,
} from '#common/constants/articles.ts'
import { type PortalApi } from '#common/portal-api.ts'
import { createBusinessApiService } from '#server/projects/project-service.ts'
import {
  findPublicFeedback,
  submitFeedback,
} from '#server/complaints/published/complaint-feedback.ts'
import {
  findPublishedComplaintDetail,
  findPublishedComplaintPage,
} from '#server/complaints/published/published-complaints.ts'
import { type Database } from '#server/db/schema.ts'
import {
  createMemoryStore,
  type ExpiringStore,
} from '#server/shared/expiring-store.ts'
import { fileUrl, toFileRecord } from '#server/files/file-record.ts'
import { searchPageList } from '#server/search/search-service.ts'
import {
  findArticleDetail,
  findArticleFiles,
  findArticlePage,
  findRotation,
  incrementArticleViews,
} from '#server/articles/article-repository.ts'
import { toSearchWords } from '#server/search/search-text.ts'
import {
  findDictionary,
  findFooterLinks,
  findHomeLinks,
} from '#server/site/site-repository.ts'

function categoryIds(ctype: string | undefined): number[] | undefined {
  return ctype?.split(',').map(Number)
}

function coverUrl(row: {
  coverId: string | null
  coverName: string | null
}): string | null {
  return row.coverId && row.coverName
    ? fileUrl(row.coverId, row.coverName)
    : null
}

/**
 * The Portal API answered in process from the database (route loaders use it directly).
 * `store` holds the captchas that guard feedback; without the portal's own store no captcha is
 * ever right, so no feedback is taken.
 */
export function createPortalApiService(
  db: Kysely<Database>,
  store: ExpiringStore = createMemoryStore(),
): PortalApi {
  return {
    ...createBusinessApiService(db),

    async rotationData(query) {
      const rows = await findRotation(db, {
        categoryIds: categoryIds(query.ctype),
        limit: query.size,
      })
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        cover: fileUrl(row.coverId, row.coverName),
        publishTime: row.publishTime,
      }))
    },

    async articlePageList(query) {
      const keyword = query.keyword?.trim()
      const { rows, total } = await findArticlePage(db, {
        categoryIds: categoryIds(query.ctype),
        keyword: keyword
          ? { raw: keyword, words: toSearchWords(keyword) || keyword }
          : undefined,
        startTime: query.startTime,
        endTime: query.endTime,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      })
      const Table = rows.map((row) => ({
        id: row.id,
        title: row.title,
        summary: row.summary,
        source: row.source,
        categoryId: row.categoryId,
        categoryName: ARTICLE_CATEGORY_NAMES[row.categoryId] ?? '',
        publishTime: row.publishTime,
        cover: coverUrl(row),
        // SQLite answers EXISTS with 0/1, PostgreSQL with a boolean.
        hasAttachment: Boolean(row.hasAttachment),
      }))
      return { Table, Total: total }
    },

    async articleDetail(query) {
      // Count the visit first so the page shows the view it is part of.
      if (!(await incrementArticleViews(db, query.id))) return null
      const article = await findArticleDetail(db, query.id)
      if (!article) return null
      return {
        id: article.id,
        title: article.title,
        summary: article.summary,
        source: article.source,
        categoryId: article.categoryId,
        categoryName: ARTICLE_CATEGORY_NAMES[article.categoryId] ?? '',
        publishTime: article.publishTime,
        cover: coverUrl(article),
        content: article.content,
        author: article.author,
        views: Number(article.views),
        files: article.files.map(toFileRecord),
        prev: article.prev,
        next: article.next,
      }
    },

    async downloadPageList(query) {
      const { rows, total } = await findArticlePage(db, {
        categoryIds: [DOWNLOAD_CATEGORY_ID],
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      })
      const files = await findArticleFiles(
        db,
        rows.map((row) => row.id),
      )
      const Table = rows.map((row) => ({
        id: row.id,
        title: row.title,
        summary: row.summary,
        source: row.source,
        publishTime: row.publishTime,
        files: files
          .filter((file) => file.articleId === row.id)
          .map((file) => ({
            id: file.id,
            name: file.name,
            url: fileUrl(file.id, file.name),
            size: Number(file.size),
            mime: file.mime,
          })),
      }))
      return { Table, Total: total }
    },

    async sysDic(query) {
      const rows = await findDictionary(db, query.type)
      return {
        Table: rows.map((row) => ({ Label: row.label, Value: row.value })),
      }
    },

    async homeLinks() {
      return findHomeLinks(db)
    },

    async footerLinks(query) {
      const rows = await findFooterLinks(db, query.type)
      return {
        type: query.type,
        children: rows.map((row) => ({
          TITLE: row.title,
          ADDRESS: row.address,
        })),
      }
    },

    searchPageList: (query) => searchPageList(db, query),
    complaintPageList: (query) => findPublishedComplaintPage(db, query),
    complaintDetail: (query) => findPublishedComplaintDetail(db, query.id),
    complaintFeedback: (input) =>
      submitFeedback({ db, store }, input, new Date()),
    complaintFeedbackDetail: (query) => findPublicFeedback(db, query),
  }
}
