import { z } from 'zod'

import type { PortalApi } from '#common/portal-api.ts'
import {
  ArticleDetailQuerySchema,
  ArticleDetailSchema,
  ArticlePageQuerySchema,
  ArticlePageSchema,
  DownloadPageQuerySchema,
  DownloadPageSchema,
  RotationItemSchema,
  RotationQuerySchema,
} from '#common/schemas/article.ts'
import {
  SearchPageQuerySchema,
  SearchPageSchema,
} from '#common/schemas/search.ts'

import type { PortalRoute } from './portal-route.ts'

export function portalArticleRoutes(route: PortalRoute, api: PortalApi) {
  route(
    '/Article/RotationData',
    RotationQuerySchema,
    z.array(RotationItemSchema),
    (q) => api.rotationData(q),
  )
  route('/Article/PageList', ArticlePageQuerySchema, ArticlePageSchema, (q) =>
    api.articlePageList(q),
  )
  route('/Article/Detail', ArticleDetailQuerySchema, ArticleDetailSchema, (q) =>
    api.articleDetail(q),
  )
  route(
    '/Article/DownloadList',
    DownloadPageQuerySchema,
    DownloadPageSchema,
    (q) => api.downloadPageList(q),
  )
  route('/Search/PageList', SearchPageQuerySchema, SearchPageSchema, (q) =>
    api.searchPageList(q),
  )
}
