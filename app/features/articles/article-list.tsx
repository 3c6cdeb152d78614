import { PaperClipOutlined } from '@ant-design/icons'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

import type { FeedInfo } from '#common/constants/feeds.ts'
import { ellipsis } from '#common/text.ts'
import type { ArticleSummary } from '#common/schemas/article.ts'

import styles from './article.module.css'
import { ListPage } from '#app/components/ui/list-page.tsx'
import { CategoryTag } from '#app/components/ui/category-tag.tsx'

type Props = {
  title: string
  search?: ReactNode
  items: ArticleSummary[]
  total: number
  page: number
  pageHref: (page: number) => string
  detailHref: (id: number) => string
  sourceLabel?: string
  hasCategoryTag?: boolean
  note?: string
  isTotalCapped?: boolean
  action?: ReactNode
  feed?: FeedInfo
}

export function ArticleList({
  items,
  detailHref,
  sourceLabel = '来源',
  hasCategoryTag = true,
  ...page
}: Props) {
  return (
    <ListPage {...page} count={items.length}>
      <ul className={styles.articleList}>
        {items.map((item) => (
          <li key={item.id} className={styles.articleItem}>
            <h2 className={styles.articleTitle}>
              {hasCategoryTag ? (
                <CategoryTag>{item.categoryName}</CategoryTag>
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
    </ListPage>
  )
}
