import { Form, href, useNavigate } from 'react-router'

import { KeywordInput } from '#app/components/ui/keyword-input.tsx'
import { LabelledGroup } from '#app/components/ui/labelled-group.tsx'
import { PlainButton } from '#app/components/ui/plain-button.tsx'
import { RadioButtons } from '#app/components/ui/radio-buttons.tsx'
import { THEME_SCOPE } from '#app/components/layout/theme.ts'
import '#app/styles/antd.generated/input-search.css'
import '#app/styles/antd.generated/space-compact.css'
import { SEARCH_KEYWORD_MAX, SEARCH_TYPES } from '#common/constants/search.ts'
import { TIME_PRESETS } from '#common/constants/ui.ts'
import { MSG_SEARCH_PLACEHOLDER } from '#common/messages.ts'

import { type SearchUrlQuery, searchHref } from './search-url-query.ts'
import styles from './search.module.css'

const TYPE_OPTIONS = [
  { label: '全部', value: 'all' },
  ...SEARCH_TYPES.map((t) => ({ label: t.label, value: t.key })),
]
const TIME_OPTIONS = TIME_PRESETS.map((t) => ({ label: t.label, value: t.key }))

// The header's search box is hidden here (spec §2). A GET form: it works before scripts load.
export function SearchForm({ query }: { query: SearchUrlQuery }) {
  const navigate = useNavigate()
  return (
    <Form
      method="get"
      action={href('/search')}
      className={`portal-panel ${styles.form}`}
      // With scripts, 搜索 keeps the URL to the filters in force (no fields at their default).
      onSubmit={(event) => {
        event.preventDefault()
        const keyword = new FormData(event.currentTarget).get('keyword')
        navigate(searchHref(query, { keyword: String(keyword ?? '').trim() }))
      }}
    >
      <label htmlFor="search-keyword" className="visually-hidden">
        搜索关键字
      </label>
      <div
        className={`ant-space-compact ant-input-search ant-input-search-large ant-input-search-with-button ${THEME_SCOPE}`}
      >
        <KeywordInput
          id="search-keyword"
          name="keyword"
          size="large"
          defaultValue={query.keyword}
          key={query.keyword}
          placeholder={MSG_SEARCH_PLACEHOLDER}
          maxLength={SEARCH_KEYWORD_MAX}
          isCompactFirst
          onEnter={(keyword) => navigate(searchHref(query, { keyword }))}
        />
        <PlainButton
          variant="primary"
          type="submit"
          size="large"
          className="ant-btn-compact-item ant-btn-compact-last-item ant-input-search-btn"
        >
          搜索
        </PlainButton>
      </div>
      <FilterChoice
        name="type"
        label="信息类别"
        value={query.type}
        options={TYPE_OPTIONS}
        onChange={(type) => navigate(searchHref(query, { type }))}
      />
      <FilterChoice
        name="time"
        label="发布时间"
        value={query.time}
        options={TIME_OPTIONS}
        onChange={(time) => navigate(searchHref(query, { time }))}
      />
      {/* Without scripts a changed filter is applied with this button. */}
      <noscript>
        <PlainButton type="submit">按条件筛选</PlainButton>
      </noscript>
    </Form>
  )
}

type FilterChoiceProps = {
  name: string
  label: string
  value: string
  options: { label: string; value: string }[]
  onChange: (value: string) => void
}

function FilterChoice({
  name,
  label,
  value,
  options,
  onChange,
}: FilterChoiceProps) {
  const labelId = `search-${name}-label`
  return (
    <LabelledGroup
      labelId={labelId}
      label={label}
      className={styles.filterRow}
      labelClassName={styles.filterLabel}
    >
      <RadioButtons
        name={name}
        value={value}
        options={options}
        onChange={onChange}
      />
    </LabelledGroup>
  )
}
