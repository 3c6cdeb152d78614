import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { AlertButton } from '#app/features/alerts/alert-button.tsx'
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
import { feedsOf, newsFeed } from '#common/constants/feeds.ts'

import type { Route } from './+types/news-list'

export const handle: RouteHandle = {
  title: '新闻列表',
  query: newsListUrl.params,
}

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseNewsListQuery(new URL(request.url).searchParams)
  return loadNewsList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseNewsListQuery(new URL(request.url).searchParams)
  return loadNewsList(getBrowserPortalApi(), query)
}

export default function NewsListRoute({ loaderData }: Route.ComponentProps) {
  const { query, items, total, isTotalCapped } = loaderData
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
      isTotalCapped={isTotalCapped}
      page={query.page}
      pageHref={(page) => newsListHref(query, { page })}
      detailHref={newsDetailHref}
      note={query.category === 'all' ? ALL_NEWS_NOTE : undefined}
      action={
        <AlertButton
          filters={{
            scope: 'news',
            keyword: query.keyword,
            type: '',
            category: query.category,
            region: '',
            stage: '',
          }}
        />
      }
      feed={newsFeed(query.category)}
    />
  )
}

export function meta(args: Route.MetaArgs) {
  const category = NEWS_CATEGORIES.find(
    (c) => c.key === args.loaderData?.query.category,
  )
  // 全部 is notices and industry news (spec §9: 1073, 1001), not every category.
  const title =
    !category || category.key === 'all' ? '通知公告和行业动态' : category.label
  return pageMeta(args, {
    title,
    description: `${title}列表：水利工程建设项目招标投标的${title}，按发布时间由新到旧排列，可按关键字和发布时间检索。`,
    params: ['category', 'page'],
    feeds: feedsOf(newsFeed(category?.key ?? 'all')),
  })
}
