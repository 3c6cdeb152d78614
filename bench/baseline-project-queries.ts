import {
  type ProjectSortField,
  type SortOrder,
  TRADE_STAGE_KEYS,
} from '#common/constants/trade.ts'
import { containsPattern } from '#server/shared/like-pattern.ts'

import { type Prepare } from './prepared-cache.ts'

type Value = string | number

export type ProjectListParams = {
  sort?: ProjectSortField
  order?: SortOrder
  category?: number
  subType?: number
  stage?: string
  region?: string
  keyword?: string
  startTime?: string
  endTime?: string
  pageNo: number
  pageSize: number
}

// A stage sorts in trade order.
const SORT_COLUMNS: Record<ProjectSortField, string> = {
  publishTime: 'a.publish_time',
  registrationDeadline: 'p.registration_deadline',
  openingTime: 'p.opening_time',
  currentStage: `case p.current_stage ${TRADE_STAGE_KEYS.map((stage, i) => `when '${stage}' then ${i}`).join(' ')} end`,
}

export function projectPage(prepare: Prepare, params: ProjectListParams) {
  const where = ['a.withdrawn_at is null', 'p.withdrawn_at is null']
  const values: Value[] = []
  const add = (condition: string, ...bound: Value[]) => {
    where.push(condition)
    values.push(...bound)
  }
  if (params.stage) add('a.stage = ?', params.stage)
  else add('a.is_latest = 1')
  if (params.category !== undefined) add('p.category = ?', params.category)
  if (params.subType !== undefined) add('p.sub_type = ?', params.subType)
  if (params.region) add('p.region_code = ?', params.region)
  if (params.startTime) add('a.publish_time >= ?', params.startTime)
  if (params.endTime) add('a.publish_time <= ?', params.endTime)
  const keyword = params.keyword?.trim()
  if (keyword) {
    const pattern = containsPattern(keyword)
    add(
      `(p.name like ? escape '\\' or p.code like ? escape '\\'
        or p.tenderer like ? escape '\\' or a.title like ? escape '\\')`,
      pattern,
      pattern,
      pattern,
      pattern,
    )
  }
  const condition = where.join(' and ')
  const from = `from project_announcement as a inner join project as p on p.id = a.project_id
    where ${condition}`
  const total = (
    prepare(`select count(*) as total ${from}`).get(...values) as {
      total: number
    }
  ).total
  const rows = prepare(
    `select p.id, p.code, p.name, p.category, p.sub_type as subType,
      p.region_code as regionCode, p.tenderer, p.amount, p.trade_mode as tradeMode,
      a.stage, a.id as announcementId, a.title, a.publish_time as publishTime,
      p.registration_deadline as registrationDeadline, p.opening_time as openingTime,
      p.current_stage as currentStage
    ${from}
    order by ${SORT_COLUMNS[params.sort ?? 'publishTime']} ${params.order === 'asc' ? 'asc' : 'desc'} nulls last,
      a.publish_time desc, a.id desc
    limit ? offset ?`,
  ).all(...values, params.pageSize, (params.pageNo - 1) * params.pageSize) as {
    id: number
    name: string
    title: string
    publishTime: string
  }[]
  return { rows, total }
}
