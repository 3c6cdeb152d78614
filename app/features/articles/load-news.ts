import { loadArticleDetail } from './load-article-detail.ts'
import { NEWS_CATEGORIES } from '#common/constants/articles.ts'
import type { PortalApi } from '#common/portal-api.ts'

import { type NewsListQuery, toArticlePageQuery } from './news-list-query.ts'

const HOME_TAB_SIZE = 8

/** /index/new: the rotation and the latest items of each category tab (spec §2, §9). */
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

/** /index/newList: one page of 10 under the URL's filters. */
export async function loadNewsList(api: PortalApi, query: NewsListQuery) {
  const page = await api.articlePageList(toArticlePageQuery(query))
  return { query, items: page.Table, total: page.Total }
}

/** /index/newDetail: the article, or a 404 the error boundary explains. */
export function loadNewsDetail(api: PortalApi, idParam: string | null) {
  return loadArticleDetail(api, idParam)
}
