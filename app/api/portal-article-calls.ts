import { DEFAULT_PTYPE } from '#common/constants/protocol.ts'
import { normalizePage } from '#common/normalize.ts'
import type { PortalApi } from '#common/portal-api.ts'
import type {
  ArticleDetail,
  ArticlePageQuery,
  ArticleSummary,
  DownloadItem,
  RotationItem,
} from '#common/schemas/article.ts'
import type { SearchHit } from '#common/schemas/search.ts'

import type { PortalPost } from './portal-http-post.ts'

export function createPortalArticleCalls(
  post: PortalPost,
  base: string,
): Pick<
  PortalApi,
  | 'rotationData'
  | 'articlePageList'
  | 'articleDetail'
  | 'downloadPageList'
  | 'searchPageList'
> {
  function article<T>(
    path: string,
    query: { ptype?: string },
    isMissingAllowed = false,
  ) {
    const params = { ...query, ptype: query.ptype || DEFAULT_PTYPE }
    return post<T>(`${base}/Article/${path}`, params, isMissingAllowed)
  }

  return {
    rotationData: (query) => article<RotationItem[]>('RotationData', query),
    async articlePageList(query) {
      // spec §7: the list call never sends createTime or stype, even if a caller passes them.
      const {
        createTime: _c,
        stype: _s,
        ...rest
      } = query as ArticlePageQuery & {
        createTime?: unknown
        stype?: unknown
      }
      const page = normalizePage<ArticleSummary>(
        await article<unknown>('PageList', rest),
      )
      return { Table: page.items, Total: page.total }
    },
    articleDetail: (query) =>
      article<ArticleDetail | null>('Detail', query, true),
    async downloadPageList(query) {
      const page = normalizePage<DownloadItem>(
        await article<unknown>('DownloadList', query),
      )
      return { Table: page.items, Total: page.total }
    },
    async searchPageList(query) {
      const data = await post<unknown>(`${base}/Search/PageList`, query)
      const page = normalizePage<SearchHit>(data)
      const totalCapped =
        typeof data === 'object' &&
        data !== null &&
        'totalCapped' in data &&
        data.totalCapped === true
      return { Table: page.items, Total: page.total, totalCapped }
    },
  }
}
