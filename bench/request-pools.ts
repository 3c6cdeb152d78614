/**
 * The requests of the uncached workloads: visitors of whom no two ask for the same page
 * (crawlers walking the articles, deep paging, searches). Each pool is a shuffled list of
 * distinct requests to the portal, each with its counterpart on the baseline server (the
 * same filter and page, in the Portal API's terms), drawn from the database the portal serves:
 * existing article ids, and for the lists random filters and random pages up to each filter's
 * last page (counted with the baseline's statements).
 */
import type Database from 'better-sqlite3'

import { NEWS_CATEGORIES } from '#common/constants/articles.ts'
import {
  PROJECT_SORT_FIELDS,
  type ProjectSortField,
  REGIONS,
  SORT_ORDERS,
  type SortOrder,
  TRADE_CATEGORIES,
} from '#common/constants/trade.ts'
import { TIME_PRESETS, type TimePresetKey } from '#common/constants/ui.ts'
import { presetRange } from '#common/date-range.ts'
import { portalSign } from '#common/protocol/portal-sign.ts'
import { createRandom } from '#server/demo/template-context.ts'

import { type ArticleListParams } from './baseline-article-queries.ts'
import { type ProjectListParams } from './baseline-project-queries.ts'
import { createBaselineQueries } from './baseline-queries.ts'
import { SEARCH_KEYWORDS } from './search-keywords.ts'

export type RequestSpec = {
  path: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

/** One request to the portal and the baseline's request for the same data. */
export type RequestPair = { portal: RequestSpec; baseline: RequestSpec }

const PAGE_SIZE = 10
/** Enough distinct requests for a few seconds at thousands a second, per workload. */
const POOL_SIZE = 40_000
/**
 * Filters drawn per list, each counted once to know its last page: enough that the pool holds
 * thousands of distinct pages even where the data has few pages per filter. (A news filter
 * with a keyword costs a scan of the article bodies to count.)
 */
const NEWS_FILTERS = 120
const PROJECT_FILTERS = 600
/** The Portal API takes any time range: its callers' filters are drawn from a wider space. */
const API_FILTERS = 400
const SEARCH_PAGES = 20

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[items[i], items[j]] = [items[j]!, items[i]!]
  }
  return items
}

const pick = <T>(items: readonly T[], random: () => number): T =>
  items[Math.floor(random() * items.length)]!

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value))
  return search.toString()
}

/** Keywords a visitor types into a list's filter: words of the content, some matching little. */
const LIST_KEYWORDS = SEARCH_KEYWORDS.filter(
  (k) => k.kind === '2 characters' || k.kind === '4 characters',
).map((k) => k.keyword)

/**
 * Random filters of a list, each counted, then random distinct (filter, page) pairs with the
 * page from 1 to the filter's last: up to POOL_SIZE of them, fewer where the filters have fewer
 * pages between them.
 */
function pagesOf<F>(
  filters: F[],
  count: (filter: F) => number,
  random: () => number,
): { filter: F; page: number }[] {
  const counted = filters.map((filter) => ({
    filter,
    pages: Math.max(1, Math.ceil(count(filter) / PAGE_SIZE)),
  }))
  const available = counted.reduce((sum, f) => sum + f.pages, 0)
  const wanted = Math.min(POOL_SIZE, available)
  const seen = new Set<string>()
  const result: { filter: F; page: number }[] = []
  for (let tries = 0; result.length < wanted && tries < wanted * 20; tries++) {
    const { filter, pages } = counted[Math.floor(random() * counted.length)]!
    const page = 1 + Math.floor(random() * pages)
    // Two filters drawn alike are one: the key is the filter itself.
    const key = `${JSON.stringify(filter)}:${page}`
    if (seen.has(key)) continue
    seen.add(key)
    result.push({ filter, page })
  }
  return result
}

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

type ProjectFilter = {
  /** As the list's URL has it: a category 1-7, a sub-type (category × 100 + n) or ''. */
  category: string
  stage: string
  region: string
  time: TimePresetKey
  keyword: string
  sort: ProjectSortField
  order: SortOrder
}

function projectParams(filter: ProjectFilter, page: number): ProjectListParams {
  const n = Number(filter.category)
  const range = presetRange(filter.time)
  return {
    category: filter.category
      ? n >= 100
        ? Math.floor(n / 100)
        : n
      : undefined,
    subType: n >= 100 ? n : undefined,
    stage: filter.stage || undefined,
    region: filter.region || undefined,
    keyword: filter.keyword || undefined,
    startTime: range?.startTime,
    endTime: range?.endTime,
    sort: filter.sort,
    order: filter.order,
    pageNo: page,
    pageSize: PAGE_SIZE,
  }
}

const TIME_KEYS = TIME_PRESETS.map((t) => t.key)

/** What a pool draws from: the database, the seeded generator and the baseline's counts. */
type PoolContext = {
  db: Database.Database
  random: () => number
  queries: ReturnType<typeof createBaselineQueries>
}

/**
 * A signed POST of the Portal API. Signed now: the portal takes a timestamp within five
 * minutes, so a pool is made just before its workload.
 */
export async function signedRequest(
  path: string,
  params: Record<string, unknown>,
  secret: string,
): Promise<RequestSpec> {
  const body = { ...params, ts: Date.now() }
  return {
    path,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-sign': await portalSign(body, secret),
    },
    body: JSON.stringify(body),
  }
}

function createArticlePools({ db, random, queries }: PoolContext) {
  /** /index/newDetail of every published news article, in random order. */
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

  /** Random tabs, time presets and (one in four) keywords of /index/newList, random pages. */
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

  /**
   * POST /JdPortalApi/Article/PageList over random filters (a category or the news tabs, in one
   * of two a time range of random days within the content's three years, in one of eight a
   * keyword) and random pages up to each filter's last, signed.
   */
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

function createProjectPools({ random, queries }: PoolContext) {
  /**
   * Random categories or sub-types, stages of their tab set, regions, time presets, (one in
   * six) keywords and (one in two) a column's order of /business/list, random pages.
   */
  function businessList(): RequestPair[] {
    const filters = Array.from(
      { length: PROJECT_FILTERS },
      (): ProjectFilter => {
        const category =
          random() < 0.25 ? undefined : pick(TRADE_CATEGORIES, random)
        const subTypes: readonly { value: number }[] = category?.subTypes ?? []
        const subType =
          category && random() < 0.5 ? pick(subTypes, random) : null
        return {
          category: subType
            ? String(subType.value)
            : category
              ? String(category.value)
              : '',
          stage:
            category && random() < 0.5 ? pick(category.stages, random) : '',
          region: random() < 0.3 ? pick(REGIONS, random).value : '',
          time: random() < 0.5 ? 'all' : pick(TIME_KEYS, random),
          keyword: random() < 1 / 6 ? pick(LIST_KEYWORDS, random) : '',
          // Newest first mostly, as the list opens; now and then a column's order.
          ...(random() < 0.5
            ? { sort: 'publishTime', order: 'desc' }
            : {
                sort: pick(PROJECT_SORT_FIELDS, random),
                order: pick(SORT_ORDERS, random),
              }),
        }
      },
    )
    return pagesOf(
      filters,
      (filter) => queries.projectPage(projectParams(filter, 1)).total,
      random,
    ).map(({ filter, page }) => {
      const params = projectParams(filter, page)
      return {
        portal: {
          path: `/business/list?${query({
            keyword: filter.keyword,
            category: filter.category,
            stage: filter.stage,
            region: filter.region,
            time: filter.time === 'all' ? '' : filter.time,
            ...(filter.sort === 'publishTime' && filter.order === 'desc'
              ? {}
              : { sort: filter.sort, order: filter.order }),
            page: page > 1 ? page : '',
          })}`,
        },
        baseline: { path: `/baseline/businessList?${query(params)}` },
      }
    })
  }

  return { businessList }
}

function createSearchPools({ random }: PoolContext) {
  /** Every keyword of the fixed list with every page from 1 to 20, in random order. */
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

  /** POST /JdPortalApi/Search/PageList over the keyword list and pages 1-20, signed. */
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

export function createRequestPools(db: Database.Database, seed: number) {
  // Seeded, so a run draws the same requests as the last one.
  const context: PoolContext = {
    db,
    random: createRandom(seed),
    queries: createBaselineQueries(db),
  }
  return {
    ...createArticlePools(context),
    ...createProjectPools(context),
    ...createSearchPools(context),
  }
}
