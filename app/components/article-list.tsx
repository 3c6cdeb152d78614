import { PaperClipOutlined } from '@ant-design/icons'
import { Empty, Pagination, Tag } from 'antd'
import { Link } from 'react-router'

import { PAGE_SIZE } from '#common/constants.ts'
import { ellipsis } from '#common/text.ts'
import type { ArticleSummary } from '#common/schemas/article.ts'

import styles from './article.module.css'

type Props = {
  items: ArticleSummary[]
  total: number
  page: number
  pageHref: (page: number) => string
  detailHref: (id: number) => string
  /** What the source is called in this section: 来源 for news, 发布机关 for policies. */
  sourceLabel?: string
  /** The category tag is left out where the page already shows one category. */
  hasCategoryTag?: boolean
}

/** One page of articles with the spec's pager: previous, pager, next, 10 a page (spec §9). */
export function ArticleList({
  items,
  total,
  page,
  pageHref,
  detailHref,
  sourceLabel = '来源',
  hasCategoryTag = true,
}: Props) {
  if (items.length === 0) {
    return (
      <div className="portal-panel">
        {/* Past the last page (an old link, a typed URL) the way back is offered. */}
        <Empty
          description={
            page > 1
              ? '该页没有信息，列表可能已经更新'
              : '暂无符合条件的信息，请调整查询条件后重试'
          }
        >
          {page > 1 ? <Link to={pageHref(1)}>返回第一页</Link> : null}
        </Empty>
      </div>
    )
  }
  return (
    <div className="portal-panel">
      <p className="visually-hidden" aria-live="polite">
        共 {total} 条信息，第 {page} 页
      </p>
      <ul className={styles.articleList}>
        {items.map((item) => (
          <li key={item.id} className={styles.articleItem}>
            <h2 className={styles.articleTitle}>
              {hasCategoryTag ? (
                <Tag color="blue">{item.categoryName}</Tag>
              ) : null}
              <Link to={detailHref(item.id)}>{item.title}</Link>
              {item.hasAttachment ? (
                <PaperClipOutlined aria-label="含附件" />
              ) : null}
            </h2>
            <p className={styles.articleSummary}>
              {ellipsis(item.summary, 110)}
            </p>
            <div className={styles.articleMeta}>
              <span>发布时间：{item.publishTime.slice(0, 10)}</span>
              {item.source ? (
                <span>
                  {sourceLabel}：{item.source}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <nav aria-label="分页" className={styles.pager}>
        <Pagination
          current={page}
          // The page links below navigate; antd only needs to know the change is handled.
          onChange={() => undefined}
          total={total}
          pageSize={PAGE_SIZE}
          showSizeChanger={false}
          showQuickJumper={false}
          // Real links: paging works without scripts and each page has its own URL.
          itemRender={(target, type, original) => {
            if (type === 'page')
              return <Link to={pageHref(target)}>{target}</Link>
            if (type === 'prev' || type === 'next') {
              const label = type === 'prev' ? '上一页' : '下一页'
              const isDisabled =
                type === 'prev' ? page <= 1 : page * PAGE_SIZE >= total
              return isDisabled ? (
                <span aria-disabled="true">{label}</span>
              ) : (
                <Link to={pageHref(target)} aria-label={label}>
                  {label}
                </Link>
              )
            }
            return original
          }}
        />
      </nav>
    </div>
  )
}
