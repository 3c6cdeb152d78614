import { useNavigate } from 'react-router'

import { KeywordInput } from '#app/components/ui/keyword-input.tsx'
import { TIME_PRESETS } from '#common/constants/ui.ts'
import { MSG_SEARCH_PLACEHOLDER } from '#common/messages.ts'

import type { ArticleListQuery, ArticleListUrl } from './article-list-query.ts'
import { ExpandableRadioGroup } from '#app/components/ui/expandable-radio-group.tsx'
import { SearchArea, SearchField } from '#app/components/ui/search-area.tsx'

type Props = {
  idPrefix: string
  label: string
  url: ArticleListUrl
  query: ArticleListQuery
  // Without it the category is kept by a hidden field.
  categories?: readonly { key: string; label: string }[]
}

const TIME_OPTIONS = TIME_PRESETS.map((t) => ({ label: t.label, value: t.key }))

export function ArticleFilters({
  idPrefix,
  label,
  url,
  query,
  categories,
}: Props) {
  const navigate = useNavigate()
  return (
    <SearchArea
      action={url.path}
      label={label}
      onSearch={(fields) =>
        navigate(
          url.href(query, {
            keyword: String(fields.get('keyword') ?? '').trim(),
          }),
        )
      }
    >
      <SearchField label="关键字" htmlFor={`${idPrefix}-keyword`}>
        <KeywordInput
          id={`${idPrefix}-keyword`}
          name="keyword"
          defaultValue={query.keyword}
          key={query.keyword}
          placeholder={MSG_SEARCH_PLACEHOLDER}
          maxLength={100}
          // With scripts, Enter keeps the URL to the filters in force (no empty fields).
          onEnter={(keyword) => navigate(url.href(query, { keyword }))}
        />
      </SearchField>
      {categories ? (
        <ExpandableRadioGroup
          label="信息类别"
          name="category"
          value={query.category}
          options={categories.map((c) => ({ label: c.label, value: c.key }))}
          onChange={(category) => navigate(url.href(query, { category }))}
        />
      ) : (
        <input type="hidden" name="category" value={query.category} />
      )}
      <ExpandableRadioGroup
        label="发布时间"
        name="time"
        value={query.time}
        options={TIME_OPTIONS}
        onChange={(time) => navigate(url.href(query, { time }))}
      />
    </SearchArea>
  )
}
