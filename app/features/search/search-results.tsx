import { Alert, Empty } from 'antd'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { LinkPagination } from '#app/components/ui/link-pagination.tsx'
import { PageOutOfRange } from '#app/components/ui/list-page.tsx'
import { CategoryTag } from '#app/components/ui/category-tag.tsx'
import { SEARCH_KEYWORD_MAX } from '#common/constants/search.ts'
import type { SearchHit } from '#common/schemas/search.ts'

import { MarkedText } from './marked-text.tsx'
import { searchHitHref } from './search-hit-href.ts'
import { type SearchUrlQuery, searchHref } from './search-url-query.ts'
import styles from './search.module.css'

type Props = {
  query: SearchUrlQuery
  items: SearchHit[]
  total: number
  totalCapped: boolean
  action?: ReactNode
}

function summary(query: SearchUrlQuery, total: number, totalCapped: boolean) {
  if (total === 0) return `未找到与“${query.keyword}”相关的结果`
  return totalCapped
    ? `找到超过 ${total} 条与“${query.keyword}”相关的结果`
    : `找到 ${total} 条与“${query.keyword}”相关的结果`
}

export function SearchResults({
  query,
  items,
  total,
  totalCapped,
  action,
}: Props) {
  const isFiltered = query.type !== 'all' || query.time !== 'all'
  return (
    <section className="portal-panel" aria-labelledby="search-results-heading">
      <div className={styles.summaryRow}>
        <h2
          id="search-results-heading"
          className={styles.summary}
          aria-live="polite"
        >
          {summary(query, total, totalCapped)}
        </h2>
        {action}
      </div>
      {totalCapped ? (
        <Alert
          type="info"
          showIcon
          className={styles.notice}
          title={`结果较多，以下列出最新的 ${total} 条（标题含关键字的在前）。可增加关键字，或按类别、发布时间缩小范围。`}
        />
      ) : null}
      {query.isCut ? (
        <Alert
          type="info"
          showIcon
          className={styles.notice}
          title={`关键字过长，仅按前 ${SEARCH_KEYWORD_MAX} 个字符搜索`}
        />
      ) : null}
      {items.length === 0 && total > 0 ? (
        <PageOutOfRange
          total={total}
          page={query.page}
          pageHref={(page) => searchHref(query, { page })}
        />
      ) : items.length === 0 ? (
        <Empty description="没有符合条件的信息">
          <ul className={styles.tips}>
            <li>检查关键字是否有错别字</li>
            <li>换用更短、更常用的词，如“水库”“招标”</li>
            <li>多个关键字之间用空格分开，或减少关键字</li>
            {isFiltered ? (
              <li>
                <Link to={searchHref(query, { type: 'all', time: 'all' })}>
                  在全部类别和时间中搜索
                </Link>
              </li>
            ) : null}
          </ul>
        </Empty>
      ) : (
        <>
          <ol className={styles.list}>
            {items.map((hit) => (
              <li key={`${hit.type}:${hit.refId}`} className={styles.item}>
                <h3 className={styles.title}>
                  {/* One colour whose text keeps AA contrast; the label tells the types apart. */}
                  <CategoryTag>{hit.typeName}</CategoryTag>
                  <Link to={searchHitHref(hit)}>
                    <MarkedText html={hit.titleHtml} fallback={hit.title} />
                  </Link>
                </h3>
                <p className={styles.snippet}>
                  <MarkedText html={hit.snippetHtml} fallback="" />
                </p>
                <div className={styles.meta}>
                  {hit.subTypeName ? <span>{hit.subTypeName}</span> : null}
                  <span>发布时间：{hit.publishTime.slice(0, 10)}</span>
                </div>
              </li>
            ))}
          </ol>
          <LinkPagination
            className={styles.pager}
            page={query.page}
            total={total}
            pageHref={(page) => searchHref(query, { page })}
          />
        </>
      )}
    </section>
  )
}
