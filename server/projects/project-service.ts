import type { CountCache } from '#server/shared/count-cache.ts'
import type { Kysely } from 'kysely'

import {
  OPEN_STAGES,
  RESULT_NOTICE_STAGES,
  TENDER_NOTICE_STAGES,
  TRADE_CATEGORIES,
} from '#common/constants/trade.ts'
import type { BusinessApi } from '#common/portal-api.ts'
import {
  portalDay,
  portalMonth,
  portalWeek,
  scheduleRange,
} from '#common/date-range.ts'
import type {
  ProjectHomeSummary,
  ProjectLatest,
  ProjectStatistics,
} from '#common/schemas/project.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import type { Database } from '#server/db/schema.ts'
import { findLinkageDetail, pageLinkages } from './linkage-repository.ts'
import { toLinkageDetail, toProjectDetail } from './project-detail.ts'
import {
  countAnnouncementsIn,
  countProjectsAtStages,
  findLatestAnnouncements,
  findLatestAtStages,
  findScheduledProjects,
  sumProjectsByMonth,
} from './project-home-repository.ts'
import { stageName } from './project-names.ts'
import { findProjectDetail, pageProjects } from './project-repository.ts'

export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = toShanghaiText(now).slice(0, 7).split('-').map(Number)
  return Array.from({ length: count }, (_, i) => {
    const index = year! * 12 + (month! - 1) - (count - 1 - i)
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
  })
}

const round2 = (value: number) => Math.round(value * 100) / 100

export function createBusinessApiService(
  db: Kysely<Database>,
  clock: () => Date = () => new Date(),
  counts?: CountCache,
): BusinessApi {
  return {
    async projectTypeTree() {
      return TRADE_CATEGORIES.map((category) => ({
        label: category.label,
        value: String(category.value),
        children: category.subTypes.map((subType) => ({
          label: subType.label,
          value: String(subType.value),
        })),
      }))
    },

    projectPageList: (query) => pageProjects(db, query, clock(), counts),

    async projectDetail(query) {
      const found = await findProjectDetail(db, query.id)
      if (!found) return null
      const linkages = await pageLinkages(db, {
        projectId: found.project.id,
        limit: 100,
        offset: 0,
      })
      return toProjectDetail(found, linkages.rows)
    },

    async projectStatistics(query) {
      const months = lastMonths(clock(), query.months)
      const rows = await sumProjectsByMonth(db, `${months[0]}-01 00:00:00`)
      const sum = (list: typeof rows) => ({
        count: list.reduce((total, row) => total + row.count, 0),
        amount: round2(list.reduce((total, row) => total + row.amount, 0)),
      })
      const result: ProjectStatistics = {
        total: sum(rows),
        byCategory: TRADE_CATEGORIES.map((category) => ({
          category: category.value,
          categoryName: category.label,
          ...sum(rows.filter((row) => row.category === category.value)),
        })),
        byMonth: months.map((month) => {
          const inMonth = rows.filter((row) => row.month === month)
          return {
            month,
            ...sum(inMonth),
            categories: TRADE_CATEGORIES.map((category) => ({
              category: category.value,
              ...sum(inMonth.filter((row) => row.category === category.value)),
            })),
          }
        }),
      }
      return result
    },

    async projectLatest(query) {
      const rows = await findLatestAnnouncements(db, query)
      const categories = TRADE_CATEGORIES.filter(
        (c) => query.category === undefined || c.value === query.category,
      )
      const latest: ProjectLatest = categories.map((category) => ({
        category: category.value,
        categoryName: category.label,
        stages: category.stages.map((stage) => ({
          stage,
          stageName: stageName(stage),
          items: rows.filter(
            (row) => row.category === category.value && row.stage === stage,
          ),
        })),
      }))
      return latest
    },

    async projectHomeSummary(query) {
      const now = clock()
      const week = portalWeek(now)
      const month = portalMonth(now)
      const schedule = (
        by: 'openingTime' | 'registrationDeadline',
        key: 'today' | 'week',
      ) =>
        findScheduledProjects(db, {
          by,
          range: scheduleRange(key, now),
          limit: query.size,
        })
      const [
        inProgress,
        noticesThisMonth,
        openingsToday,
        openingsWeek,
        deadlinesToday,
        deadlinesWeek,
        tender,
        result,
      ] = await Promise.all([
        countProjectsAtStages(db, OPEN_STAGES),
        countAnnouncementsIn(db, month),
        schedule('openingTime', 'today'),
        schedule('openingTime', 'week'),
        schedule('registrationDeadline', 'today'),
        schedule('registrationDeadline', 'week'),
        findLatestAtStages(db, TENDER_NOTICE_STAGES, query.size),
        findLatestAtStages(db, RESULT_NOTICE_STAGES, query.size),
      ])
      const summary: ProjectHomeSummary = {
        today: portalDay(now),
        weekStart: week.start,
        weekEnd: week.end,
        month: month.startTime.slice(0, 7),
        figures: {
          inProgress,
          noticesThisMonth,
          openingsThisWeek: openingsWeek.total,
          deadlinesThisWeek: deadlinesWeek.total,
        },
        openings: { today: openingsToday, week: openingsWeek },
        deadlines: { today: deadlinesToday, week: deadlinesWeek },
        notices: { tender, result },
      }
      return summary
    },

    async linkagePageList(query) {
      const { rows, total } = await pageLinkages(db, {
        projectId: query.projectId,
        keyword: query.keyword,
        status: query.status,
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      })
      return { Table: rows, Total: total }
    },

    async linkageDetail(query) {
      const found = await findLinkageDetail(db, query.id)
      return found ? toLinkageDetail(found.record, found.files) : null
    },
  }
}
