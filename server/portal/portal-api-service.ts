import { countComplaintFigures } from '#server/complaints/figures/complaint-figures.ts'
import { officialCalendar } from '#server/complaints/working-calendar.ts'
import type { Kysely } from 'kysely'

import {
  ARTICLE_CATEGORY_IDS,
  ARTICLE_CATEGORY_NAMES,
  DOWNLOAD_CATEGORY_ID,
} from '#common/constants/articles.ts'
import type { PortalApi } from '#common/portal-api.ts'
import { SEARCH_RESULTS_MAX } from '#common/constants/search.ts'
import { createBusinessApiService } from '#server/projects/project-service.ts'
import {
  creditDetail,
  creditPageList,
  shanghaiDay,
} from '#server/credit/credit-service.ts'
import {
  findPublicFeedback,
  submitFeedback,
} from '#server/complaints/published/complaint-feedback.ts'
import {
  findPublishedComplaintDetail,
  findPublishedComplaintPage,
} from '#server/complaints/published/published-complaints.ts'
import {
  type ArticleViewCounter,
  createArticleViewCounter,
} from '#server/articles/article-views.ts'
import type { Database } from '#server/db/schema.ts'
import type { CountCache } from '#server/shared/count-cache.ts'
import {
  createSupervisionStatistics,
  type SupervisionStatisticsReader,
} from '#server/supervision/supervision-statistics.ts'
import {
  createMemoryStore,
  type ExpiringStore,
} from '#server/shared/expiring-store.ts'
import { fileUrl } from '#server/files/file-record.ts'
import {
  findNewestMatchingRefs,
  searchPageList,
} from '#server/search/search-service.ts'
import {
  findArticleDetail,
  findArticleFiles,
} from '#server/articles/article-repository.ts'
import {
  findArticlePage,
  findArticleSummaries,
  findRotation,
} from '#server/articles/article-list-repository.ts'
import { toArticleDetail } from '#server/articles/article-detail.ts'
import {
  findDictionary,
  findFooterLinks,
  findHomeLinks,
} from '#server/site/site-repository.ts'

function categoryIds(ctype: string | undefined): number[] | undefined {
  return ctype?.split(',').map(Number)
}

const ARTICLE_KEYWORD_MAX = SEARCH_RESULTS_MAX

// Through the search index: a LIKE over every body took 150-350 ms at 100,000 articles, for
// every page and its count.
async function findKeywordPage(
  db: Kysely<Database>,
  filter: {
    keyword: string
    categoryIds: readonly number[]
    startTime?: string
    endTime?: string
    limit: number
    offset: number
  },
) {
  const { limit, offset, ...matching } = filter
  const ids = await findNewestMatchingRefs(
    db,
    matching,
    ARTICLE_KEYWORD_MAX + 1,
  )
  const listed = ids.slice(0, ARTICLE_KEYWORD_MAX)
  const rows = await findArticleSummaries(
    db,
    listed.slice(offset, offset + limit),
  )
  return {
    rows,
    total: listed.length,
    totalCapped: ids.length > ARTICLE_KEYWORD_MAX,
  }
}

function coverUrl(row: {
  coverId: string | null
  coverName: string | null
}): string | null {
  return row.coverId && row.coverName
    ? fileUrl(row.coverId, row.coverName)
    : null
}

// Without the portal's own store no captcha is ever right, so no feedback is taken.
type PortalApiServiceOptions = {
  store?: ExpiringStore
  views?: ArticleViewCounter
  counts?: CountCache
  now?: () => Date
  // 监督统计's figures, kept in memory: the plugin drops them when content changes.
  supervision?: SupervisionStatisticsReader
}

export function createPortalApiService(
  db: Kysely<Database>,
  {
    store = createMemoryStore(),
    views = createArticleViewCounter(db),
    counts,
    now = () => new Date(),
    supervision = createSupervisionStatistics(db, { now }),
  }: PortalApiServiceOptions = {},
): PortalApi {
  return {
    ...createBusinessApiService(db, now, counts),

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
      const offset = (query.pageNo - 1) * query.pageSize
      const { rows, total, totalCapped } = keyword
        ? await findKeywordPage(db, {
            keyword,
            categoryIds: categoryIds(query.ctype) ?? ARTICLE_CATEGORY_IDS,
            startTime: query.startTime,
            endTime: query.endTime,
            limit: query.pageSize,
            offset,
          })
        : {
            ...(await findArticlePage(
              db,
              {
                categoryIds: categoryIds(query.ctype),
                startTime: query.startTime,
                endTime: query.endTime,
                limit: query.pageSize,
                offset,
              },
              counts,
            )),
            totalCapped: false,
          }
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
      return { Table, Total: total, totalCapped }
    },

    async articleDetail(query) {
      const article = await findArticleDetail(db, query.id)
      if (!article) return null
      // The page shows the view it is part of; a withdrawn article, whose address only says
      // so, counts none.
      if (article.isPublished === 1) {
        views.add(article.id)
        article.views += views.pending(article.id)
      }
      return toArticleDetail(article)
    },

    async downloadPageList(query) {
      const { rows, total } = await findArticlePage(
        db,
        {
          categoryIds: [DOWNLOAD_CATEGORY_ID],
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        },
        counts,
      )
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

    creditPageList: (query) => creditPageList(db, query, shanghaiDay(now())),
    creditDetail: (query) => creditDetail(db, query.id, shanghaiDay(now())),
    searchPageList: (query) => searchPageList(db, query),
    complaintPageList: (query) => findPublishedComplaintPage(db, query),
    complaintDetail: (query) => findPublishedComplaintDetail(db, query.id),
    complaintFeedback: (input) => submitFeedback({ db, store }, input, now()),
    complaintFeedbackDetail: (query) => findPublicFeedback(db, query),
    // The public figures name no member of staff.
    async complaintFigures(query) {
      const thisYear = Number(shanghaiDay(now()).slice(0, 4))
      const { byAssignee: _names, ...figures } = await countComplaintFigures(
        db,
        officialCalendar(),
        { ...query, year: query.year ?? thisYear, thisYear },
      )
      return figures
    },
    supervisionStatistics: (query) => supervision.read(query),
  }
}
