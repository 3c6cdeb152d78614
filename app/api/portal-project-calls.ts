import { normalizePage } from '#common/normalize.ts'
import type { BusinessApi, PortalApi } from '#common/portal-api.ts'
import type { CreditDetail, CreditPage } from '#common/schemas/credit.ts'
import type {
  LinkageDetail,
  LinkageSummary,
  ProjectDetail,
  ProjectHomeSummary,
  ProjectLatest,
  ProjectStatistics,
  ProjectSummary,
  ProjectTypeNode,
} from '#common/schemas/project.ts'

import type { PortalPost } from './portal-http-post.ts'

export function createPortalProjectCalls(
  post: PortalPost,
  base: string,
): BusinessApi & Pick<PortalApi, 'creditPageList' | 'creditDetail'> {
  return {
    // spec §7: the type tree's body never carries createTime.
    projectTypeTree: () =>
      post<ProjectTypeNode[]>(`${base}/Project/JdPortalProjectTypeTree`, {}),
    async projectPageList(query) {
      const page = normalizePage<ProjectSummary>(
        await post<unknown>(`${base}/Project/PageList`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    projectDetail: (query) =>
      post<ProjectDetail | null>(`${base}/Project/Detail`, query, true),
    projectStatistics: (query) =>
      post<ProjectStatistics>(`${base}/Project/Statistics`, query),
    projectLatest: (query) =>
      post<ProjectLatest>(`${base}/Project/Latest`, query),
    projectHomeSummary: (query) =>
      post<ProjectHomeSummary>(`${base}/Project/HomeSummary`, query),
    async linkagePageList(query) {
      const page = normalizePage<LinkageSummary>(
        await post<unknown>(`${base}/Project/LinkagePageList`, query),
      )
      return { Table: page.items, Total: page.total }
    },
    linkageDetail: (query) =>
      post<LinkageDetail | null>(`${base}/Project/LinkageDetail`, query, true),
    creditPageList: (query) =>
      post<CreditPage>(`${base}/Credit/PageList`, query),
    creditDetail: (query) =>
      post<CreditDetail | null>(`${base}/Credit/Detail`, query, true),
  }
}
