import { loadArticleDetail } from './load-article-detail.ts'
import { NEWS_CATEGORIES } from '#common/constants/articles.ts'
import type { PortalApi } from '#common/portal-api.ts'

import { type NewsListQuery, toArticlePageQuery } from './news-list-query.ts'

const HOME_TAB_SIZE = 8

export async function loadNewsHome(api: PortalApi) {
  const [rotation, homeLinks, ...tabs] = await Promise.all([
    api.rotationData({ ptype: 'jd', size: 5 }),
    api.homeLinks(),
    ...NEWS_CATEGORIES.map((category) =>
      api.articlePageList({
        pageNo: 1,
        pageSize: HOME_TAB_SIZE,
        ptype: 'jd',
        ctype: category.ctype,
      }),
    ),
  ])
  return {
    rotation,
    homeLinks,
    tabs: NEWS_CATEGORIES.map((category, i) => ({
      ...category,
      items: tabs[i]?.Table ?? [],
    })),
  }
}

export async function loadNewsList(api: PortalApi, query: NewsListQuery) {
  const page = await api.articlePageList(toArticlePageQuery(query))
  return {
    query,
    items: page.Table,
    total: page.Total,
    isTotalCapped: page.totalCapped ?? false,
  }
}

// The news section's own categories (通知公告, 新闻动态, 行业动态): a policy or a download
// entry has its own page, and is not found here.
const NEWS_CATEGORY_IDS = [
  ...new Set(
    NEWS_CATEGORIES.flatMap((category) =>
      category.ctype.split(',').map(Number),
    ),
  ),
]

export function loadNewsDetail(api: PortalApi, idParam: string | null) {
  return loadArticleDetail(api, idParam, NEWS_CATEGORY_IDS)
}
