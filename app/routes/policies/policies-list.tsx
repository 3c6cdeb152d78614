import { getBrowserPortalApi } from '#app/api/browser-portal-api.ts'
import { portalApiContext } from '#app/api/router-context.ts'
import { AlertButton } from '#app/features/alerts/alert-button.tsx'
import { ArticleFilters } from '#app/features/articles/article-filters.tsx'
import { ArticleList } from '#app/features/articles/article-list.tsx'
import type { RouteHandle } from '#app/components/layout/route-handle.ts'
import { pageMeta } from '#app/components/layout/page-meta.ts'
import { loadPolicyList } from '#app/features/articles/load-policies.ts'
import { PolicyCategoryNav } from '#app/features/articles/policy-category-nav.tsx'
import {
  policyCategory,
  policyDetailHref,
  policyListUrl,
} from '#app/features/articles/policy-list-query.ts'
import styles from '#app/features/articles/policies.module.css'
import { feedsOf, POLICIES_FEED, policyFeed } from '#common/constants/feeds.ts'

import type { Route } from './+types/policies-list'

export const handle: RouteHandle = {
  title: '政策法规列表',
  query: policyListUrl.params,
}

export function loader({ request, context }: Route.LoaderArgs) {
  const query = policyListUrl.parse(new URL(request.url).searchParams)
  return loadPolicyList(context.get(portalApiContext), query)
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = policyListUrl.parse(new URL(request.url).searchParams)
  return loadPolicyList(getBrowserPortalApi(), query)
}

export default function PoliciesListRoute({
  loaderData,
}: Route.ComponentProps) {
  const { query, items, total, isTotalCapped } = loaderData
  return (
    <div className={styles.listLayout}>
      <PolicyCategoryNav query={query} />
      {/* The list page is several blocks: one grid cell beside the menu. */}
      <div>
        <ArticleList
          title={policyCategory(query.category).label}
          search={
            <ArticleFilters
              idPrefix="policies"
              label="政策法规检索"
              url={policyListUrl}
              query={query}
            />
          }
          items={items}
          total={total}
          isTotalCapped={isTotalCapped}
          page={query.page}
          pageHref={(page) => policyListUrl.href(query, { page })}
          detailHref={policyDetailHref}
          sourceLabel="发布机关"
          hasCategoryTag={false}
          action={
            <AlertButton
              filters={{
                scope: 'policies',
                keyword: query.keyword,
                type: '',
                category: query.category,
                region: '',
                stage: '',
              }}
            />
          }
          feed={policyFeed(query.category)}
        />
      </div>
    </div>
  )
}

export function meta(args: Route.MetaArgs) {
  const label = args.loaderData
    ? policyCategory(args.loaderData.query.category).label
    : '政策法规'
  return pageMeta(args, {
    title: label,
    description: `政策法规·${label}：水利工程建设项目招标投标的${label}文件列表，可按关键字和发布时间检索。`,
    params: ['category', 'page'],
    feeds: feedsOf(
      args.loaderData ? policyFeed(args.loaderData.query.category) : undefined,
      POLICIES_FEED,
    ),
  })
}
