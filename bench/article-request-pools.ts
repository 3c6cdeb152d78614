import { NEWS_CATEGORIES } from '#common/constants/articles.ts'
import { type TimePresetKey } from '#common/constants/ui.ts'
import { presetRange } from '#common/date-range.ts'

import { type ArticleListParams } from './baseline-article-queries.ts'
import {
  LIST_KEYWORDS,
  PAGE_SIZE,
  pagesOf,
  pick,
  type PoolContext,
  POOL_SIZE,
  query,
  type RequestPair,
  shuffle,
  signedRequest,
  TIME_KEYS,
} from './request-pool-draws.ts'

// Enough filters that the pool holds thousands of distinct pages even where the data has few
// pages per filter; a news filter with a keyword costs a scan of the article bodies to count.
const NEWS_FILTERS = 120
// The Portal API takes any time range: its callers' filters are drawn from a wider space.
const API_FILTERS = 400

type NewsFilter = { category: string; time: TimePresetKey; keyword: string }

function articleParams(filter: NewsFilter, page: number): ArticleListParams {
  const range = presetRange(filter.time)
  return {
    ctype: NEWS_CATEGORIES.find((c) => c.key === filter.category)!.ctype,
    keyword: filter.keyword || undefined,
    startTime: range?.startTime,
    endTime: range?.endTime,
    pageNo: page,
    pageSize: PAGE_SIZE,
  }
}

export function createArticlePools({ db, random, queries }: PoolContext) {
  function articles(): RequestPair[] {
    const ids = db
      .prepare(
        'select id from article where is_published = 1 and category_id in (1073, 1002, 1001)',
      )
      .pluck()
      .all() as number[]
    return shuffle(ids, random)
      .slice(0, POOL_SIZE)
      .map((id) => ({
        portal: { path: `/index/newDetail?id=${id}` },
        baseline: { path: `/baseline/article?id=${id}` },
      }))
  }

  function newsPages() {
    const filters = Array.from({ length: NEWS_FILTERS }, (): NewsFilter => ({
      category: pick(NEWS_CATEGORIES, random).key,
      time: random() < 0.5 ? 'all' : pick(TIME_KEYS, random),
      keyword: random() < 1 / 4 ? pick(LIST_KEYWORDS, random) : '',
    }))
    return pagesOf(
      filters,
      (filter) => queries.articlePage(articleParams(filter, 1)).total,
      random,
    )
  }

  function newsList(): RequestPair[] {
    return newsPages().map(({ filter, page }) => {
      const params = articleParams(filter, page)
      return {
        portal: {
          path: `/index/newList?${query({
            keyword: filter.keyword,
            category: filter.category === 'all' ? '' : filter.category,
            time: filter.time === 'all' ? '' : filter.time,
            page: page > 1 ? page : '',
          })}`,
        },
        baseline: { path: `/baseline/newList?${query(params)}` },
      }
    })
  }

  async function apiPageList(secret: string): Promise<RequestPair[]> {
    const categories = [
      ...NEWS_CATEGORIES.map((c) => c.ctype),
      '1073,1002,1001',
    ]
    const day = (daysAgo: number) =>
      new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000)
        .toISOString()
        .slice(0, 10)
    const filters = Array.from(
      { length: API_FILTERS },
      (): Omit<ArticleListParams, 'pageNo' | 'pageSize'> => {
        const [from, to] = [random(), random()]
          .map((x) => Math.floor(x * 3 * 365))
          .sort((a, b) => b - a)
        const hasRange = random() < 0.5
        return {
          ctype: pick(categories, random),
          keyword: random() < 1 / 8 ? pick(LIST_KEYWORDS, random) : undefined,
          startTime: hasRange ? `${day(from!)} 00:00:00` : undefined,
          endTime: hasRange ? `${day(to!)} 23:59:59` : undefined,
        }
      },
    )
    const pages = pagesOf(
      filters,
      (filter) =>
        queries.articlePage({ ...filter, pageNo: 1, pageSize: PAGE_SIZE })
          .total,
      random,
    )
    return Promise.all(
      pages.map(async ({ filter, page }) => {
        const params = { ...filter, pageNo: page, pageSize: PAGE_SIZE }
        return {
          portal: await signedRequest(
            '/JdPortalApi/Article/PageList',
            { ...params, ptype: 'jd' },
            secret,
          ),
          baseline: { path: `/baseline/newList.json?${query(params)}` },
        }
      }),
    )
  }

  return { articles, newsList, apiPageList }
}
