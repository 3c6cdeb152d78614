import type { PortalApi } from '#common/portal-api.ts'
import {
  SupervisionStatisticsQuerySchema,
  SupervisionStatisticsSchema,
} from '#common/schemas/supervision-statistics.ts'

import type { PortalRoute } from './portal-route.ts'

// 监督统计: figures of supervision from the data, naming no company and no project.
export function portalSupervisionRoutes(route: PortalRoute, api: PortalApi) {
  route(
    '/Supervision/Statistics',
    SupervisionStatisticsQuerySchema,
    SupervisionStatisticsSchema,
    (q) => api.supervisionStatistics(q),
  )
}
