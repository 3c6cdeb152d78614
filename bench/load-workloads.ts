import { type RequestPair, signedRequest } from './request-pool-draws.ts'
import { type createRequestPools } from './request-pools.ts'

export type Workload = {
  name: string
  kind: 'page' | 'search'
  requests: () =>
    Promise<RequestPair[] | RequestPair> | RequestPair[] | RequestPair
  minRatio?: number
  compareSizes?: boolean
}

export function createWorkloads(
  pools: ReturnType<typeof createRequestPools>,
  portalApiSecret: string,
  articleId: number,
): Workload[] {
  const pageParams = {
    pageNo: 1,
    pageSize: 10,
    ptype: 'jd',
    ctype: '1073,1001',
  }
  return [
    {
      name: 'SSR /index/newDetail, random article',
      kind: 'page',
      requests: () => pools.articles(),
      minRatio: 0.1,
    },
    {
      name: 'SSR /index/newList, random filter and page',
      kind: 'page',
      requests: () => pools.newsList(),
      minRatio: 1.0,
      compareSizes: true,
    },
    {
      name: 'SSR /business/list, random filter and page',
      kind: 'page',
      requests: () => pools.businessList(),
      compareSizes: true,
    },
    {
      name: 'SSR /search, random keyword and page',
      kind: 'search',
      requests: () => pools.search(),
      compareSizes: true,
    },
    {
      name: 'POST Article/PageList, random body',
      kind: 'page',
      requests: () => pools.apiPageList(portalApiSecret),
      compareSizes: true,
    },
    {
      name: 'POST Search/PageList, random body',
      kind: 'search',
      requests: () => pools.apiSearch(portalApiSecret),
      compareSizes: true,
    },
    {
      name: 'cached: POST Article/PageList (signed, encrypted)',
      kind: 'page',
      requests: async () => ({
        portal: await signedRequest(
          '/JdPortalApi/Article/PageList',
          pageParams,
          portalApiSecret,
        ),
        baseline: { path: '/baseline/json' },
      }),
      minRatio: 1.0,
    },
    {
      // The front page: the news and today's trading, read again every 10 s.
      name: 'cached: SSR /index/new',
      kind: 'page',
      requests: () => ({
        portal: { path: '/index/new' },
        baseline: { path: '/baseline/html' },
      }),
      minRatio: 0.5,
    },
    {
      name: 'cached: SSR /index/newList',
      kind: 'page',
      requests: () => ({
        portal: { path: '/index/newList' },
        baseline: { path: '/baseline/html' },
      }),
      minRatio: 0.5,
    },
    {
      name: `cached: SSR /index/newDetail?id=${articleId}`,
      kind: 'page',
      requests: () => ({
        portal: { path: `/index/newDetail?id=${articleId}` },
        baseline: { path: `/baseline/article?id=${articleId}` },
      }),
      minRatio: 0.5,
    },
  ]
}
