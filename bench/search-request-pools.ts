import {
  PAGE_SIZE,
  type PoolContext,
  query,
  type RequestPair,
  shuffle,
  signedRequest,
} from './request-pool-draws.ts'
import { SEARCH_KEYWORDS } from './search-keywords.ts'

const SEARCH_PAGES = 20

export function createSearchPools({ random }: PoolContext) {
  function searches() {
    return shuffle(
      SEARCH_KEYWORDS.flatMap(({ keyword }) =>
        Array.from({ length: SEARCH_PAGES }, (_, i) => ({
          keyword,
          page: i + 1,
        })),
      ),
      random,
    )
  }

  function search(): RequestPair[] {
    return searches().map(({ keyword, page }) => ({
      portal: { path: `/search?${query({ keyword, page })}` },
      baseline: {
        path: `/baseline/search?${query({ keyword, pageNo: page })}`,
      },
    }))
  }

  async function apiSearch(secret: string): Promise<RequestPair[]> {
    return Promise.all(
      searches().map(async ({ keyword, page }) => ({
        portal: await signedRequest(
          '/JdPortalApi/Search/PageList',
          { keyword, pageNo: page, pageSize: PAGE_SIZE },
          secret,
        ),
        baseline: {
          path: `/baseline/search.json?${query({ keyword, pageNo: page })}`,
        },
      })),
    )
  }

  return { search, apiSearch }
}
