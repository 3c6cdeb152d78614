import { Input } from 'antd'
import { href, Link, useNavigate } from 'react-router'

import { ListPage } from '#app/components/ui/list-page.tsx'
import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'
import { SelectWithAll } from '#app/components/ui/select-with-all.tsx'
import { StatusTag, type StatusTone } from '#app/components/ui/status-tag.tsx'
import { COMPLAINT_TYPES } from '#common/constants/statute.ts'
import type { PublishedComplaintSummary } from '#common/schemas/complaint/complaint-published.ts'

import { type ResultsQuery, resultsHref } from './results-query.ts'
import styles from './results.module.css'

const CONCLUSION_TONE: Record<string, StatusTone> = {
  substantiated: 'danger',
  partly_substantiated: 'warning',
  unsubstantiated: 'success',
}

type Props = {
  query: ResultsQuery
  items: PublishedComplaintSummary[]
  total: number
}

export function ResultsList({ query, items, total }: Props) {
  const navigate = useNavigate()
  return (
    <ListPage
      title="投诉处理结果"
      count={items.length}
      total={total}
      page={query.page}
      pageHref={(page) => resultsHref(query, page)}
      emptyText="暂无公开的投诉处理结果"
      search={
        <SearchArea
          action={href('/complaint/list')}
          label="搜索投诉处理结果"
          onSearch={(fields) =>
            navigate(
              resultsHref(
                {
                  ...query,
                  keyword: String(fields.get('keyword') ?? '').trim(),
                },
                1,
              ),
            )
          }
        >
          <SearchField label="关键字" htmlFor="results-keyword">
            <Input
              id="results-keyword"
              name="keyword"
              defaultValue={query.keyword}
              placeholder="项目名称或投诉编号"
              maxLength={100}
            />
          </SearchField>
          <SearchField label="投诉类型" htmlFor="results-type">
            <SelectWithAll
              id="results-type"
              name="type"
              value={query.type}
              onChange={(type) => navigate(resultsHref({ ...query, type }, 1))}
              options={COMPLAINT_TYPES.map(({ value, label }) => ({
                value,
                label,
              }))}
            />
          </SearchField>
        </SearchArea>
      }
    >
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <h2 className={styles.itemTitle}>
              <Link to={`${href('/complaint/detail')}?id=${item.id}`}>
                {item.projectName}
              </Link>
            </h2>
            <p className={styles.meta}>
              <span>投诉编号：{item.complaintNo}</span>
              <span>投诉类型：{item.complaintTypeLabel}</span>
              <span>投诉人：{item.complainantName}</span>
              <span>处理时间：{item.decidedAt.slice(0, 10)}</span>
              <StatusTag tone={CONCLUSION_TONE[item.conclusion] ?? 'neutral'}>
                {item.conclusionLabel}
              </StatusTag>
            </p>
          </li>
        ))}
      </ul>
    </ListPage>
  )
}
