import { Button, Input, Radio } from 'antd'
import { Form, useNavigate } from 'react-router'

import { TIME_PRESETS } from '#common/constants.ts'
import { MSG_SEARCH_PLACEHOLDER } from '#common/messages.ts'

import type { ArticleListQuery, ArticleListUrl } from './article-list-query.ts'
import styles from './article.module.css'

type Props = {
  /** Prefix of the fields' ids, unique on the page. */
  idPrefix: string
  url: ArticleListUrl
  query: ArticleListQuery
  /** Shown as a row of choices; without it the category is kept by a hidden field. */
  categories?: readonly { key: string; label: string }[]
}

/**
 * An article list's search area: keyword, category and the time presets of spec §9. It is a
 * GET form, so it works before scripts load; with scripts a choice applies at once.
 */
export function ArticleFilters({ idPrefix, url, query, categories }: Props) {
  const navigate = useNavigate()
  return (
    <Form
      method="get"
      action={url.path}
      className={`portal-panel ${styles.filters}`}
    >
      <div className={styles.filterRow}>
        <label htmlFor={`${idPrefix}-keyword`} className={styles.filterLabel}>
          关键字
        </label>
        <Input.Search
          id={`${idPrefix}-keyword`}
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
            navigate(url.href(query, { keyword: value.trim() }))
          }}
        />
      </div>
      {categories ? (
        <FilterChoice
          name={`${idPrefix}-category`}
          field="category"
          label="信息类别"
          value={query.category}
          options={categories.map((c) => ({ label: c.label, value: c.key }))}
          onChange={(category) => navigate(url.href(query, { category }))}
        />
      ) : (
        <input type="hidden" name="category" value={query.category} />
      )}
      <FilterChoice
        name={`${idPrefix}-time`}
        field="time"
        label="发布时间"
        value={query.time}
        options={TIME_PRESETS.map((t) => ({ label: t.label, value: t.key }))}
        onChange={(time) => navigate(url.href(query, { time }))}
      />
    </Form>
  )
}

type FilterChoiceProps = {
  name: string
  field: string
  label: string
  value: string
  options: { label: string; value: string }[]
  onChange: (value: string) => void
}

/** One labelled row of choices; its radios submit with the form when scripts are off. */
function FilterChoice({
  name,
  field,
  label,
  value,
  options,
  onChange,
}: FilterChoiceProps) {
  const labelId = `${name}-label`
  return (
    <div className={styles.filterRow} role="group" aria-labelledby={labelId}>
      <span id={labelId} className={styles.filterLabel}>
        {label}
      </span>
      <Radio.Group
        name={field}
        value={value}
        optionType="button"
        buttonStyle="solid"
        options={options}
        onChange={(e) => onChange(e.target.value as string)}
      />
    </div>
  )
}
