import { DownOutlined, PlusOutlined } from '@ant-design/icons'
import { Button, Grid, Input, Table, type TableColumnsType } from 'antd'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'

import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'
import { SelectWithAll } from '#app/components/ui/select-with-all.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import {
  ITEM_STATE_LABELS,
  ITEM_STATES,
  REVISION_STATE_LABELS,
} from '#common/constants/content.ts'
import {
  CONTENT_KIND_CATEGORIES,
  CONTENT_KIND_LABELS,
  CONTENT_KINDS,
  contentCategoryName,
  type ContentKind,
} from '#common/schemas/content/registry.ts'
import type {
  CONTENT_QUEUES,
  ContentItemPage,
  ContentItemSummary,
} from '#common/schemas/content/workflow.ts'

import { withPage } from '#app/console/api/page-param.ts'
import { FilteredEmpty } from '#app/console/components/filtered-empty.tsx'
import { listPagination } from '#app/console/components/list-pagination.ts'
import styles from './content.module.css'
import {
  ADMIN_CONTENT_PATH,
  CONTENT_FILTERS,
  type ContentFilter,
  contentItemHref,
  newContentHref,
  parseContentQuery,
  withContentFilter,
} from './content-query.ts'
import {
  ItemStateTag,
  RevisionStateTag,
  revisionActivity,
} from './content-state.tsx'
import { newMenuGroups } from './kinds/registry.ts'

type Props = {
  page: ContentItemPage
  isLoading?: boolean
}

const KIND_OPTIONS = CONTENT_KINDS.map((kind) => ({
  value: kind,
  label: CONTENT_KIND_LABELS[kind],
}))
const ITEM_STATE_OPTIONS = ITEM_STATES.map((state) => ({
  value: state,
  label: ITEM_STATE_LABELS[state],
}))
// 待审核 first: what a reviewer opens the list for.
const QUEUE_OPTIONS = (
  [
    'submitted',
    'returned',
    'draft',
    'scheduled',
  ] as const satisfies readonly (typeof CONTENT_QUEUES)[number][]
).map((queue) => ({ value: queue, label: REVISION_STATE_LABELS[queue] }))
const categoryOptions = (kind: ContentKind) =>
  CONTENT_KIND_CATEGORIES[kind].map((id) => ({
    value: String(id),
    label: contentCategoryName(kind, id),
  }))

const titleLink = (item: ContentItemSummary) => (
  <Link to={contentItemHref(item.id)}>{item.title}</Link>
)
const latestRevision = (item: ContentItemSummary) => (
  <span className={styles.latest}>
    <span>
      <RevisionStateTag state={item.latest.state} />
      {item.latest.isCorrection ? (
        <StatusTag tone="neutral">更正</StatusTag>
      ) : null}
    </span>
    <span className={styles.meta}>{revisionActivity(item.latest)}</span>
  </span>
)

const COLUMNS: TableColumnsType<ContentItemSummary> = [
  { title: '标题', key: 'title', render: (_, item) => titleLink(item) },
  { title: '分类', dataIndex: 'categoryName', width: 130 },
  {
    title: '发布状态',
    key: 'itemState',
    width: 110,
    render: (_, item) => <ItemStateTag state={item.itemState} />,
  },
  {
    title: '最新修订',
    key: 'latest',
    width: 280,
    render: (_, item) => latestRevision(item),
  },
]

const PHONE_COLUMNS: TableColumnsType<ContentItemSummary> = [
  {
    title: '内容',
    key: 'item',
    render: (_, item) => (
      <div className={styles.phoneRow}>
        {titleLink(item)}
        <span className={styles.phoneRowTags}>
          <span className={styles.meta}>发布状态</span>
          <ItemStateTag state={item.itemState} />
          <span className={styles.meta}>{item.categoryName}</span>
        </span>
        {/* Without the table's column headers, the two states say which is which. */}
        <span className={styles.meta}>最新修订</span>
        {latestRevision(item)}
      </div>
    ),
  },
]

const NEW_GROUPS = newMenuGroups()

export function NewContentLinks() {
  const [isOpen, setIsOpen] = useState(false)
  const panelId = useId()
  const area = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!isOpen) return
    const closeOutside = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setIsOpen(false)
    }
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setIsOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', closeOutside)
    document.addEventListener('keydown', closeOnEscape)
    return () => {
      document.removeEventListener('pointerdown', closeOutside)
      document.removeEventListener('keydown', closeOnEscape)
    }
  }, [isOpen])
  return (
    <div className={styles.newMenu} ref={area}>
      <Button
        ref={button}
        type="primary"
        icon={<PlusOutlined aria-hidden />}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        新建…
        <DownOutlined aria-hidden className={styles.newMenuArrow} />
      </Button>
      <div id={panelId} className={styles.newMenuPanel} hidden={!isOpen}>
        {NEW_GROUPS.map((group) => (
          <div key={group.label}>
            <p
              className={styles.newMenuGroup}
              id={`${panelId}-${group.kinds[0]}`}
            >
              {group.label}
            </p>
            <ul aria-labelledby={`${panelId}-${group.kinds[0]}`}>
              {group.kinds.map((kind) => (
                <li key={kind}>
                  <Link
                    to={newContentHref(kind)}
                    onClick={() => setIsOpen(false)}
                  >
                    新建{CONTENT_KIND_LABELS[kind]}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  )
}

// The filters live in the URL (a GET form), so that a filtered list can be bookmarked.
export function ContentList({ page, isLoading = false }: Props) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const isPhone = Grid.useBreakpoint().xs === true
  const query = parseContentQuery(params)
  const isFiltered = CONTENT_FILTERS.some((key) => params.get(key))
  const choose = (key: ContentFilter) => (value: string) =>
    setParams(withContentFilter(params, key, value))

  return (
    <>
      <SearchArea
        action={ADMIN_CONTENT_PATH}
        label="筛选内容"
        onSearch={(fields) => {
          let next = new URLSearchParams()
          for (const key of CONTENT_FILTERS)
            next = withContentFilter(
              next,
              key,
              String(fields.get(key) ?? '').trim(),
            )
          void navigate(`${ADMIN_CONTENT_PATH}?${next.toString()}`)
        }}
      >
        <SearchField label="关键字" htmlFor="content-keyword">
          <Input
            // A new URL (a link, 重置) shows its own keyword.
            key={query.keyword ?? ''}
            id="content-keyword"
            name="keyword"
            defaultValue={query.keyword}
            placeholder="标题或项目名称"
            maxLength={100}
            allowClear
          />
        </SearchField>
        <SearchField label="类型" htmlFor="content-kind">
          <SelectWithAll
            id="content-kind"
            name="kind"
            value={query.kind ?? ''}
            options={KIND_OPTIONS}
            onChange={choose('kind')}
          />
        </SearchField>
        {/* 分类 means something only within a kind: offered once a kind with categories (not
            the home links, a dictionary or the settings) is chosen. */}
        {query.kind && CONTENT_KIND_CATEGORIES[query.kind].length > 0 ? (
          <SearchField label="分类" htmlFor="content-category">
            <SelectWithAll
              // Another kind, other categories.
              key={query.kind}
              id="content-category"
              name="categoryId"
              value={query.categoryId ? String(query.categoryId) : ''}
              options={categoryOptions(query.kind)}
              onChange={choose('categoryId')}
            />
          </SearchField>
        ) : null}
        <SearchField label="发布状态" htmlFor="content-item-state">
          <SelectWithAll
            id="content-item-state"
            name="itemState"
            value={query.itemState ?? ''}
            options={ITEM_STATE_OPTIONS}
            onChange={choose('itemState')}
          />
        </SearchField>
        <SearchField label="待办" htmlFor="content-queue">
          <SelectWithAll
            id="content-queue"
            name="queue"
            value={query.queue ?? ''}
            options={QUEUE_OPTIONS}
            onChange={choose('queue')}
          />
        </SearchField>
      </SearchArea>
      <Table<ContentItemSummary>
        className="portal-panel"
        rowKey="id"
        loading={isLoading ? { description: '正在加载内容…' } : false}
        dataSource={page.items}
        scroll={isPhone ? undefined : { x: 800 }}
        locale={{
          emptyText: (
            <FilteredEmpty
              isFiltered={isFiltered}
              description={isFiltered ? '没有符合筛选条件的内容' : '暂无内容'}
              onClear={() => void navigate(ADMIN_CONTENT_PATH)}
            />
          ),
        }}
        pagination={listPagination(query, page.total, '条', (next) =>
          setParams(withPage(params, next)),
        )}
        columns={isPhone ? PHONE_COLUMNS : COLUMNS}
      />
    </>
  )
}
