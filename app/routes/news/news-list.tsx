import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { ArticleFilters } from '#app/features/articles/article-filters.tsx'
import { ArticleList } from '#app/features/articles/article-list.tsx'
import { loadNewsList } from '#app/features/articles/load-news.ts'
import {
  ALL_NEWS_NOTE,
  newsDetailHref,
  newsListHref,
  newsListUrl,
  parseNewsListQuery,
} from '#app/features/articles/news-list-query.ts'
import { NEWS_CATEGORIES } from '#common/constants/articles.ts'

import type { Route } from './+types/news-list'

export const handle: RouteHandle = { title: '新闻列表' }

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseNewsListQuery(new URL(request.url).searchParams)
  return loadNewsList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseNewsListQuery(new URL(request.url).searchParams)
  return loadNewsList(getBrowserPortalApi(), query)
}

export default function NewsListRoute({ loaderData }: Route.ComponentProps) {
  const { query, items, total } = loaderData
  return (
    <ArticleList
      title="新闻列表"
      search={
        <ArticleFilters
          idPrefix="news"
          label="新闻检索"
          url={newsListUrl}
          query={query}
          categories={NEWS_CATEGORIES}
        />
      }
      items={items}
      total={total}
      page={query.page}
      pageHref={(page) => newsListHref(query, { page })}
      detailHref={newsDetailHref}
      note={query.category === 'all' ? ALL_NEWS_NOTE : undefined}
    />
  )
}
