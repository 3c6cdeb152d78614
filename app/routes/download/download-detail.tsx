import { href } from 'react-router'

import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { articleDetailMeta } from '#app/features/articles/article-detail-meta.ts'
import { ArticleView } from '#app/features/articles/article-view.tsx'
import { loadArticleDetail } from '#app/features/articles/load-article-detail.ts'
import { DOWNLOAD_CATEGORY_ID } from '#common/constants/articles.ts'

import type { Route } from './+types/download-detail'

export const handle: RouteHandle = { title: '文件详情', query: ['id'] }

// Only the download centre's entries: an id of another section is not found here.
const CATEGORIES = [DOWNLOAD_CATEGORY_ID]
const detailHref = (id: number) => `${href('/download/detail')}?id=${id}`

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadArticleDetail(context.get(portalApiContext), id, CATEGORIES)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadArticleDetail(getBrowserPortalApi(), id, CATEGORIES)
}

export default function DownloadDetailRoute({
  loaderData,
}: Route.ComponentProps) {
  return (
    <ArticleView
      article={loaderData.article}
      detailHref={detailHref}
      kind="policy"
    />
  )
}

export function meta(args: Route.MetaArgs) {
  return articleDetailMeta(args)
}
