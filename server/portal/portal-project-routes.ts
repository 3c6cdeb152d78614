import type { PortalApi } from '#common/portal-api.ts'
import {
  LinkageDetailQuerySchema,
  LinkageDetailSchema,
  LinkagePageQuerySchema,
  LinkagePageSchema,
  ProjectDetailQuerySchema,
  ProjectDetailSchema,
  ProjectHomeQuerySchema,
  ProjectHomeSummarySchema,
  ProjectLatestQuerySchema,
  ProjectLatestSchema,
  ProjectPageQuerySchema,
  ProjectPageSchema,
  ProjectStatisticsQuerySchema,
  ProjectStatisticsSchema,
  ProjectTypeTreeQuerySchema,
  ProjectTypeTreeSchema,
} from '#common/schemas/project.ts'

import type { PortalRoute } from './portal-route.ts'

export function portalProjectRoutes(route: PortalRoute, api: PortalApi) {
  // The type tree's body carries no createTime.
  route(
    '/Project/JdPortalProjectTypeTree',
    ProjectTypeTreeQuerySchema,
    ProjectTypeTreeSchema,
    () => api.projectTypeTree(),
  )
  route('/Project/PageList', ProjectPageQuerySchema, ProjectPageSchema, (q) =>
    api.projectPageList(q),
  )
  route('/Project/Detail', ProjectDetailQuerySchema, ProjectDetailSchema, (q) =>
    api.projectDetail(q),
  )
  route(
    '/Project/Statistics',
    ProjectStatisticsQuerySchema,
    ProjectStatisticsSchema,
    (q) => api.projectStatistics(q),
  )
  route('/Project/Latest', ProjectLatestQuerySchema, ProjectLatestSchema, (q) =>
    api.projectLatest(q),
  )
  route(
    '/Project/HomeSummary',
    ProjectHomeQuerySchema,
    ProjectHomeSummarySchema,
    (q) => api.projectHomeSummary(q),
  )
  route(
    '/Project/LinkagePageList',
    LinkagePageQuerySchema,
    LinkagePageSchema,
    (q) => api.linkagePageList(q),
  )
  route(
    '/Project/LinkageDetail',
    LinkageDetailQuerySchema,
    LinkageDetailSchema,
    (q) => api.linkageDetail(q),
  )
}
