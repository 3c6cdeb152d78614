import { Button, Input, Radio } from 'antd'
import { Form, useNavigate } from 'react-router'

import { NEWS_CATEGORIES, TIME_PRESETS } from '#common/constants.ts'
import { MSG_SEARCH_PLACEHOLDER } from '#common/messages.ts'

import { type NewsListQuery, newsListHref } from './news-list-query.ts'
import styles from './news.module.css'

/**
 * The list's search area: keyword, category and the time presets of spec §9. It is a GET form,
 * so it works before scripts load; with scripts a radio choice applies at once.
 */
export function NewsFilters({ query }: { query: NewsListQuery }) {
  const navigate = useNavigate()
  return (
    <Form
      method="get"
      action="/index/newList"
      className={`portal-panel ${styles.filters}`}
    >
      <div className={styles.filterRow}>
        <label htmlFor="news-keyword" className={styles.filterLabel}>
          关键字
        </label>
        <Input.Search
          id="news-keyword"
          name="keyword"
          defaultValue={query.keyword}
          key={query.keyword}
          placeholder={MSG_SEARCH_PLACEHOLDER}
          maxLength={100}
          allowClear
          enterButton={
            <Button type="primary" htmlType="submit">
              查询
            </Button>
          }
          onSearch={(value, event) => {
            event?.preventDefault()
            navigate(newsListHref(query, { keyword: value.trim() }))
          }}
        />
      </div>
      <FilterChoice
        name="category"
        label="信息类别"
        value={query.category}
        options={NEWS_CATEGORIES.map((c) => ({ label: c.label, value: c.key }))}
        onChange={(category) => navigate(newsListHref(query, { category }))}
      />
      <FilterChoice
        name="time"
        label="发布时间"
        value={query.time}
        options={TIME_PRESETS.map((t) => ({ label: t.label, value: t.key }))}
        onChange={(time) => navigate(newsListHref(query, { time }))}
      />
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

/** One labelled row of choices; its radios submit with the form when scripts are off. */
function FilterChoice({
  name,
  label,
  value,
  options,
  onChange,
}: FilterChoiceProps) {
  const labelId = `news-${name}-label`
  return (
    <div className={styles.filterRow} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.filterLabel}>
        {label}
      </span>
      <Radio.Group
        name={name}
        value={value}
        optionType="button"
        buttonStyle="solid"
        options={options}
        onChange={(e) => onChange(e.target.value as string)}
      />
    </div>
  )
}
