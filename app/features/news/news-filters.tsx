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
    <Form method="get" action="/index/newList" className={`portal-panel ${styles.filters}`}>
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
          enterButton={<Button type="primary" htmlType="submit">查询</Button>}
          onSearch={(value, event) => {
            event?.preventDefault()
            navigate(newsListHref(query, { keyword: value.trim() }))
          }}
        />
      </div>
      <div className={styles.filterRow} role="group" aria-labelledby="news-category-label">
        <span id="news-category-label" className={styles.filterLabel}>
          信息类别
        </span>
        <Radio.Group
          name="category"
          value={query.category}
          optionType="button"
          buttonStyle="solid"
          options={NEWS_CATEGORIES.map((c) => ({ label: c.label, value: c.key }))}
          onChange={(e) => navigate(newsListHref(query, { category: e.target.value as string }))}
        />
      </div>
      <div className={styles.filterRow} role="group" aria-labelledby="news-time-label">
        <span id="news-time-label" className={styles.filterLabel}>
          发布时间
        </span>
        <Radio.Group
          name="time"
          value={query.time}
          optionType="button"
          buttonStyle="solid"
          options={TIME_PRESETS.map((t) => ({ label: t.label, value: t.key }))}
          onChange={(e) => navigate(newsListHref(query, { time: e.target.value as string }))}
        />
      </div>
    </Form>
  )
}
