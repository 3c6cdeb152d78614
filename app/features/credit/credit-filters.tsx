import { useNavigate } from 'react-router'

import { ExpandableRadioGroup } from '#app/components/ui/expandable-radio-group.tsx'
import { KeywordInput } from '#app/components/ui/keyword-input.tsx'
import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'
import {
  CREDIT_PARTY_KINDS,
  type CreditPartyKind,
  type CreditStatusFilter,
} from '#common/constants/credit.ts'

import {
  creditListHref,
  creditListPath,
  type CreditListQuery,
} from './credit-list-query.ts'

type Props = {
  query: CreditListQuery
  counts: { public: number; archived: number }
  years: number[]
}

const KIND_OPTIONS = [
  { label: '全部', value: '' },
  ...CREDIT_PARTY_KINDS.map((kind) => ({ label: kind.label, value: kind.key })),
]

export function CreditFilters({ query, counts, years }: Props) {
  const navigate = useNavigate()
  const go = (change: Partial<CreditListQuery>) =>
    navigate(creditListHref(query, change))
  const statusOptions = [
    { label: `公示中（${counts.public}）`, value: 'public' },
    { label: `已归档（${counts.archived}）`, value: 'archived' },
    { label: `全部（${counts.public + counts.archived}）`, value: 'all' },
  ]
  // A year chosen in an old link stays a choice even when no record has it any more.
  const shownYears =
    query.year && !years.includes(query.year) ? [query.year, ...years] : years
  const yearOptions = [
    { label: '全部', value: '' },
    ...shownYears.map((year) => ({ label: `${year}年`, value: String(year) })),
  ]
  return (
    <SearchArea
      action={creditListPath}
      label="信用信息检索"
      onSearch={(fields) =>
        go({ keyword: String(fields.get('keyword') ?? '').trim() })
      }
    >
      <SearchField label="关键字" htmlFor="credit-keyword">
        <KeywordInput
          id="credit-keyword"
          name="keyword"
          defaultValue={query.keyword}
          key={query.keyword}
          placeholder="请输入当事人名称、统一社会信用代码或违法行为"
          maxLength={100}
          onEnter={(keyword) => go({ keyword })}
        />
      </SearchField>
      <ExpandableRadioGroup
        label="公示状态"
        name="status"
        value={query.status}
        options={statusOptions}
        onChange={(status) => go({ status: status as CreditStatusFilter })}
      />
      <ExpandableRadioGroup
        label="当事人类别"
        name="kind"
        value={query.kind}
        options={KIND_OPTIONS}
        onChange={(kind) => go({ kind: kind as CreditPartyKind | '' })}
      />
      <ExpandableRadioGroup
        label="决定年份"
        name="year"
        value={query.year ? String(query.year) : ''}
        options={yearOptions}
        onChange={(year) => go({ year: Number(year) || 0 })}
      />
    </SearchArea>
  )
}
