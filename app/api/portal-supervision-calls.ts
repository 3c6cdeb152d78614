import type { PortalApi } from '#common/portal-api.ts'
import type { SupervisionStatistics } from '#common/schemas/supervision-statistics.ts'

import type { PortalPost } from './portal-http-post.ts'

export function createPortalSupervisionCalls(
  post: PortalPost,
  base: string,
): Pick<PortalApi, 'supervisionStatistics'> {
  return {
    supervisionStatistics: (query) =>
      post<SupervisionStatistics>(`${base}/Supervision/Statistics`, query),
  }
}
