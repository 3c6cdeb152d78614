import { App, Button, Grid, Input, Table, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'

import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'
import { SelectWithAll } from '#app/components/ui/select-with-all.tsx'
import {
  COMPLAINT_DEADLINE_FILTERS,
  COMPLAINT_QUEUE_FLAGS,
  COMPLAINT_QUEUE_SORTS,
} from '#common/constants/complaint-workbench.ts'
import { COMPLAINT_STATES } from '#common/constants/statute.ts'
import type {
  StaffComplaintItem,
  StaffComplaintPage,
} from '#common/schemas/complaint/complaint-queue.ts'
import type {
  AssignableStaff,
  ComplaintAssign,
} from '#common/schemas/complaint/complaint-staff.ts'

import { withPage } from '#app/console/api/page-param.ts'
import { FilteredEmpty } from '#app/console/components/filtered-empty.tsx'
import { listPagination } from '#app/console/components/list-pagination.ts'
import { AssignDialog } from './assign-dialog.tsx'
import { ClockCell } from './clock-cell.tsx'
import { ComplaintFlagTags, ComplaintStateTag } from './complaint-state-tag.tsx'
import styles from './workbench.module.css'
import {
  ADMIN_COMPLAINTS_PATH,
  adminComplaintHref,
  parseQueueQuery,
  QUEUE_FILTER_KEYS,
  withFilter,
} from './queue-query.ts'

type Props = {
  page: StaffComplaintPage
  isLoading?: boolean
  assignees?: AssignableStaff['items']
  /** A head's: select complaints and give them a 承办人. */
  assign?: (body: ComplaintAssign) => Promise<unknown>
}

const FILTERS = QUEUE_FILTER_KEYS

const options = (list: readonly { value: string; label: string }[]) =>
  list.map(({ value, label }) => ({ value, label }))

// A paused clock is said in the clock's own cell (中止计时中), not again beside the state.
const flagsOf = (item: StaffComplaintItem) => ({
  isMaterialRequested: item.isMaterialRequested,
  isActivitySuspended: item.isActivitySuspended,
  isClockPaused: false,
  isExtended: item.isExtended,
})

const numberLink = (item: StaffComplaintItem) => (
  <Link to={adminComplaintHref(item.complaintNo)}>{item.complaintNo}</Link>
)
const stateTags = (item: StaffComplaintItem) => (
  <>
    <ComplaintStateTag state={item.state} label={item.stateLabel} />
    <ComplaintFlagTags flags={flagsOf(item)} />
  </>
)

const assigneeOf = (item: StaffComplaintItem) =>
  item.assignee ? (
    item.assignee.name
  ) : (
    <span className={styles.meta}>未分派</span>
  )

const COLUMNS: TableColumnsType<StaffComplaintItem> = [
  { title: '投诉编号', key: 'complaintNo', width: 140, render: numberLink },
  { title: '项目名称', dataIndex: 'projectName' },
  { title: '投诉人', dataIndex: 'complainantName', width: 180 },
  { title: '状态', key: 'state', width: 160, render: stateTags },
  {
    title: '法定期限',
    key: 'clock',
    width: 230,
    render: (_, item) => <ClockCell clock={item.clock} />,
  },
  {
    title: '承办人',
    key: 'assignee',
    width: 100,
    render: (_, item) => assigneeOf(item),
  },
  { title: '提交时间', dataIndex: 'submittedAt', width: 110 },
]

const PHONE_COLUMNS: TableColumnsType<StaffComplaintItem> = [
  {
    title: '投诉',
    key: 'complaint',
    render: (_, item) => (
      <div className={styles.phoneRow}>
        <span className={styles.phoneRowHead}>
          {numberLink(item)}
          {stateTags(item)}
        </span>
        <ClockCell clock={item.clock} />
        <span>{item.projectName}</span>
        <span className={styles.meta}>
          {item.complainantName} · 提交于 {item.submittedAt}
        </span>
        <span className={styles.meta}>
          承办人：{item.assignee?.name ?? '未分派'}
        </span>
      </div>
    ),
  },
]

// The filters live in the URL (a GET form), so that a filtered queue can be bookmarked.
export function ComplaintQueue({
  page,
  isLoading = false,
  assignees = [],
  assign,
}: Props) {
  const [params, setParams] = useSearchParams()
  const { message } = App.useApp()
  const [selected, setSelected] = useState<string[]>([])
  const [isAssigning, setIsAssigning] = useState(false)
  const navigate = useNavigate()
  const isPhone = Grid.useBreakpoint().xs === true
  const query = parseQueueQuery(params)
  const isFiltered = FILTERS.some((key) => key !== 'sort' && params.get(key))
  const choose = (key: (typeof FILTERS)[number]) => (value: string) =>
    setParams(withFilter(params, key, value))

  return (
    <>
      <SearchArea
        action={ADMIN_COMPLAINTS_PATH}
        label="筛选投诉"
        onSearch={(fields) => {
          let next = new URLSearchParams()
          for (const key of FILTERS)
            next = withFilter(next, key, String(fields.get(key) ?? '').trim())
          navigate(`${ADMIN_COMPLAINTS_PATH}?${next.toString()}`)
        }}
      >
        <SearchField label="关键字" htmlFor="queue-keyword">
          <Input
            // A new URL (a link, 重置) shows its own keyword.
            key={query.keyword ?? ''}
            id="queue-keyword"
            name="keyword"
            defaultValue={query.keyword}
            placeholder="投诉编号、项目名称或投诉人"
            maxLength={100}
            allowClear
          />
        </SearchField>
        <SearchField label="状态" htmlFor="queue-state">
          <SelectWithAll
            id="queue-state"
            name="state"
            value={query.state ?? ''}
            options={options(COMPLAINT_STATES)}
            onChange={choose('state')}
          />
        </SearchField>
        <SearchField label="标记" htmlFor="queue-flag">
          <SelectWithAll
            id="queue-flag"
            name="flag"
            value={query.flag ?? ''}
            options={options(COMPLAINT_QUEUE_FLAGS)}
            onChange={choose('flag')}
          />
        </SearchField>
        <SearchField label="期限" htmlFor="queue-deadline">
          <SelectWithAll
            id="queue-deadline"
            name="deadline"
            value={query.deadline ?? ''}
            options={options(COMPLAINT_DEADLINE_FILTERS)}
            onChange={choose('deadline')}
          />
        </SearchField>
        <SearchField label="承办人" htmlFor="queue-assignee">
          <SelectWithAll
            id="queue-assignee"
            name="assignee"
            value={query.assignee ? String(query.assignee) : ''}
            options={[
              { value: 'me', label: '我的投诉' },
              { value: 'none', label: '未分派' },
              ...assignees.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            onChange={choose('assignee')}
          />
        </SearchField>
        <SearchField label="排序" htmlFor="queue-sort">
          <SelectWithAll
            id="queue-sort"
            name="sort"
            value={query.sort === 'deadline' ? '' : query.sort}
            allLabel="按到期先后"
            options={options(COMPLAINT_QUEUE_SORTS).filter(
              (option) => option.value !== 'deadline',
            )}
            onChange={choose('sort')}
          />
        </SearchField>
      </SearchArea>
      {assign ? (
        <p className={styles.bulkBar}>
          <Button
            autoInsertSpace={false}
            disabled={selected.length === 0}
            onClick={() => setIsAssigning(true)}
          >
            分派承办人{selected.length > 0 ? `（${selected.length}）` : ''}
          </Button>
          <span className={styles.meta}>
            {selected.length > 0
              ? `已选 ${selected.length} 件`
              : '勾选投诉后可批量分派承办人'}
          </span>
        </p>
      ) : null}
      {assign && isAssigning ? (
        <AssignDialog
          complaintNos={selected}
          assignees={assignees}
          assign={assign}
          onClose={() => setIsAssigning(false)}
          onDone={(count) => {
            setIsAssigning(false)
            setSelected([])
            void message.success(`已分派${count}件投诉的承办人`)
          }}
        />
      ) : null}
      <Table<StaffComplaintItem>
        className="portal-panel"
        rowKey="complaintNo"
        loading={isLoading ? { description: '正在加载投诉…' } : false}
        dataSource={page.items}
        scroll={isPhone ? undefined : { x: 1000 }}
        locale={{
          emptyText: (
            <FilteredEmpty
              isFiltered={isFiltered}
              description={
                isFiltered ? '没有符合筛选条件的投诉' : '暂无需要办理的投诉'
              }
              onClear={() => navigate(ADMIN_COMPLAINTS_PATH)}
            />
          ),
        }}
        pagination={listPagination(query, page.total, '件', (next) =>
          setParams(withPage(params, next)),
        )}
        columns={isPhone ? PHONE_COLUMNS : COLUMNS}
        rowSelection={
          assign
            ? {
                // A title, not a select-all box: antd repeats the header's content in a
                // hidden measuring row, where a box would be focusable and hidden at once.
                columnTitle: '选择',
                columnWidth: 56,
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(String)),
                getCheckboxProps: (item) => ({
                  'aria-label': `选择投诉 ${item.complaintNo}`,
                }),
              }
            : undefined
        }
      />
    </>
  )
}
