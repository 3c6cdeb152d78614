import { Grid, Input, Pagination, Table, type TableColumnsType } from 'antd'
import { Link, useNavigate, useSearchParams } from 'react-router'

import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'
import { SelectWithAll } from '#app/components/ui/select-with-all.tsx'
import {
  INDICATOR_CODES,
  INDICATORS,
  WARNING_STATES,
  type WarningState,
} from '#common/constants/supervision.ts'
import type {
  WarningPage,
  WarningSummary,
} from '#common/schemas/supervision.ts'

import { withPage } from '#app/console/api/page-param.ts'
import { FilteredEmpty } from '#app/console/components/filtered-empty.tsx'
import { listPagination } from '#app/console/components/list-pagination.ts'
import { TableScroll } from '#app/console/components/table-scroll.tsx'
import styles from './supervision.module.css'
import { WarningStateTag } from './warning-state-tag.tsx'
import {
  ADMIN_SUPERVISION_PATH,
  adminWarningHref,
  parseWarningQuery,
  WARNING_FILTER_KEYS,
  withFilter,
} from './warning-query.ts'

type Props = {
  page: WarningPage
  isLoading?: boolean
}

// The default (no state in the address) is the open ones: 待处理 and 核查中.
const STATE_OPTIONS = [
  ...(Object.keys(WARNING_STATES) as WarningState[]).map((state) => ({
    value: state,
    label: WARNING_STATES[state],
  })),
  { value: 'all', label: '全部（含已消除）' },
]
const CODE_OPTIONS = INDICATOR_CODES.map((code) => ({
  value: code,
  label: INDICATORS[code].name,
}))
const ASSIGNEE_OPTIONS = [
  { value: 'me', label: '我的' },
  { value: 'none', label: '未指派' },
]

const COLUMNS: TableColumnsType<WarningSummary> = [
  {
    title: '项目',
    key: 'project',
    render: (_, item) => (
      <span className={styles.projectCell}>
        <span>{item.projectName}</span>
        <span className={styles.meta}>{item.projectCode}</span>
      </span>
    ),
  },
  {
    title: '预警指标',
    key: 'name',
    width: 200,
    // The row's project in the link's name: many rows share an indicator.
    render: (_, item) => (
      <Link to={adminWarningHref(item.id)}>
        {item.name}
        <span className="visually-hidden">（{item.projectName}）</span>
      </Link>
    ),
  },
  {
    title: '状态',
    key: 'state',
    width: 100,
    render: (_, item) => (
      <WarningStateTag state={item.state} label={item.stateName} />
    ),
  },
  {
    title: '承办人',
    key: 'assignee',
    width: 110,
    render: (_, item) =>
      item.assigneeName ?? <span className={styles.meta}>未指派</span>,
  },
  {
    title: '预警时间',
    key: 'raisedAt',
    width: 170,
    render: (_, item) => <span className={styles.nowrap}>{item.raisedAt}</span>,
  },
]

// On a phone each warning is one cell, its parts one under another, as the complaint queue's.
const PHONE_COLUMNS: TableColumnsType<WarningSummary> = [
  {
    title: '预警',
    key: 'warning',
    render: (_, item) => (
      <span className={styles.phoneRow}>
        <span className={styles.phoneRowHead}>
          <Link to={adminWarningHref(item.id)}>
            {item.name}
            <span className="visually-hidden">（{item.projectName}）</span>
          </Link>
          <WarningStateTag state={item.state} label={item.stateName} />
        </span>
        <span>{item.projectName}</span>
        <span className={styles.meta}>
          {item.projectCode} · 预警于 {item.raisedAt}
        </span>
        <span className={styles.meta}>
          承办人：{item.assigneeName ?? '未指派'}
        </span>
      </span>
    ),
  },
]

// The filters live in the address (a GET form), so that a filtered queue can be bookmarked
// and the 工作台's figures link into it.
export function WarningQueue({ page, isLoading = false }: Props) {
  const [params, setParams] = useSearchParams()
  const isPhone = Grid.useBreakpoint().xs === true
  const navigate = useNavigate()
  const query = parseWarningQuery(params)
  const isFiltered = WARNING_FILTER_KEYS.some((key) => params.get(key))
  const choose =
    (key: (typeof WARNING_FILTER_KEYS)[number]) => (value: string) =>
      setParams(withFilter(params, key, value))

  return (
    <>
      <SearchArea
        action={ADMIN_SUPERVISION_PATH}
        label="筛选预警"
        onSearch={(fields) => {
          let next = new URLSearchParams()
          for (const key of WARNING_FILTER_KEYS)
            next = withFilter(next, key, String(fields.get(key) ?? '').trim())
          const search = next.toString()
          navigate(`${ADMIN_SUPERVISION_PATH}${search ? `?${search}` : ''}`)
        }}
      >
        <SearchField label="关键字" htmlFor="warning-keyword">
          <Input
            // A new address (a link, 重置) shows its own keyword.
            key={query.keyword ?? ''}
            id="warning-keyword"
            name="keyword"
            defaultValue={query.keyword}
            placeholder="项目名称或项目编号"
            maxLength={100}
            allowClear
          />
        </SearchField>
        <SearchField label="状态" htmlFor="warning-state">
          <SelectWithAll
            id="warning-state"
            name="state"
            value={query.state === 'open' ? '' : query.state}
            allLabel="待处理和核查中"
            options={STATE_OPTIONS}
            onChange={choose('state')}
          />
        </SearchField>
        <SearchField label="预警指标" htmlFor="warning-code">
          <SelectWithAll
            id="warning-code"
            name="code"
            value={query.code ?? ''}
            options={CODE_OPTIONS}
            onChange={choose('code')}
          />
        </SearchField>
        <SearchField label="承办人" htmlFor="warning-assignee">
          <SelectWithAll
            id="warning-assignee"
            name="assignee"
            value={query.assignee ? String(query.assignee) : ''}
            options={ASSIGNEE_OPTIONS}
            onChange={choose('assignee')}
          />
        </SearchField>
      </SearchArea>
      <TableScroll label="监督预警表格" minWidth={isPhone ? 0 : 760}>
        <Table<WarningSummary>
          className="portal-panel"
          rowKey="id"
          loading={isLoading ? { description: '正在加载预警…' } : false}
          dataSource={page.items}
          pagination={false}
          locale={{
            emptyText: (
              <FilteredEmpty
                isFiltered={isFiltered}
                description={isFiltered ? '没有符合筛选条件的预警' : '暂无预警'}
                onClear={() => navigate(ADMIN_SUPERVISION_PATH)}
              />
            ),
          }}
          columns={isPhone ? PHONE_COLUMNS : COLUMNS}
        />
      </TableScroll>
      {page.total > 0 ? (
        <Pagination
          className={styles.pager}
          align="end"
          {...listPagination(query, page.total, '条', (next) =>
            setParams(withPage(params, next)),
          )}
        />
      ) : null}
    </>
  )
}
