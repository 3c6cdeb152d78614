import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { ListPage } from '#app/components/ui/list-page.tsx'
import { AlertButton } from '#app/features/alerts/alert-button.tsx'
import { ProjectFilters } from '#app/features/projects/project-filters.tsx'
import {
  emptyTextOf,
  projectListHref,
  parseProjectListQuery,
  PROJECT_LIST_PARAMS,
  tradeFeedOf,
} from '#app/features/projects/project-list-query.ts'
import { loadProjectList } from '#app/features/projects/load-projects.ts'
import { ProjectList } from '#app/features/projects/project-list.tsx'

import { feedsOf, tradeFeed } from '#common/constants/feeds.ts'

import type { Route } from './+types/business-list'

export const handle: RouteHandle = {
  title: '交易列表',
  query: PROJECT_LIST_PARAMS,
}

export function loader({ request, context }: Route.LoaderArgs) {
  const query = parseProjectListQuery(new URL(request.url).searchParams)
  return loadProjectList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = parseProjectListQuery(new URL(request.url).searchParams)
  return loadProjectList(getBrowserPortalApi(), query)
}

export default function BusinessListRoute({
  loaderData,
}: Route.ComponentProps) {
  const { query, typeTree, items, total } = loaderData
  return (
    <ListPage
      title="交易列表"
      search={<ProjectFilters query={query} typeTree={typeTree} />}
      count={items.length}
      total={total}
      page={query.page}
      pageHref={(page) => projectListHref(query, { page })}
      emptyText={emptyTextOf(query)}
      action={
        <AlertButton
          filters={{
            scope: 'business',
            keyword: query.keyword,
            type: '',
            category: query.category,
            region: query.region,
            stage: query.stage,
          }}
        />
      }
      feed={tradeFeedOf(query)}
    >
      <ProjectList items={items} query={query} />
    </ListPage>
  )
}

export function meta(args: Route.MetaArgs) {
  const query = args.loaderData?.query
  return pageMeta(args, {
    title: '交易列表',
    description:
      '水利工程建设项目交易列表：按交易类别、地区、交易阶段、交易方式和发布时间查询项目及其招标、开标和结果公告。',
    params: ['category', 'stage', 'currentStage', 'page'],
    feeds: feedsOf(query ? tradeFeedOf(query) : undefined, tradeFeed(null)),
  })
}
