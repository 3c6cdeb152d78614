import {
  PROJECT_SORT_FIELDS,
  type ProjectSortField,
  REGIONS,
  SORT_ORDERS,
  type SortOrder,
  TRADE_CATEGORIES,
} from '#common/constants/trade.ts'
import { type TimePresetKey } from '#common/constants/ui.ts'
import { presetRange } from '#common/date-range.ts'

import { type ProjectListParams } from './baseline-project-queries.ts'
import {
  LIST_KEYWORDS,
  PAGE_SIZE,
  pagesOf,
  pick,
  type PoolContext,
  query,
  type RequestPair,
  TIME_KEYS,
} from './request-pool-draws.ts'

const PROJECT_FILTERS = 600

type ProjectFilter = {
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

export function createProjectPools({ random, queries }: PoolContext) {
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
