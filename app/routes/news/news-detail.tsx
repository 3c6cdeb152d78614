import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { articleDetailMeta } from '#app/features/articles/article-detail-meta.ts'
import { ArticleView } from '#app/features/articles/article-view.tsx'
import { loadNewsDetail } from '#app/features/articles/load-news.ts'
import { newsDetailHref } from '#app/features/articles/news-list-query.ts'

import type { Route } from './+types/news-detail'

export const handle: RouteHandle = { title: '新闻详情', query: ['id'] }

export function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadNewsDetail(context.get(portalApiContext), id)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const id = new URL(request.url).searchParams.get('id')
  return loadNewsDetail(getBrowserPortalApi(), id)
}

export default function NewsDetailRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ArticleView article={loaderData.article} detailHref={newsDetailHref} />
  )
}

// A detail page puts its own title first, for screen readers and search engines.
export function meta(args: Route.MetaArgs) {
  return articleDetailMeta(args)
}
