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
  /** The page's heading, for screen readers. */
  title: string
  /** The search area above the list. */
  search?: ReactNode
  items: ArticleSummary[]
  total: number
  page: number
  pageHref: (page: number) => string
  detailHref: (id: number) => string
  /** What the source is called in this section: 来源 for news, 发布机关 for policies. */
  sourceLabel?: string
  /** The category tag is left out where the page already shows one category. */
  hasCategoryTag?: boolean
  /** What the chosen category takes in, where its name does not say. */
  note?: string
  /** A keyword matched more articles than the list holds (the newest are listed). */
  isTotalCapped?: boolean
  /** What the visitor may do with the list as filtered (订阅提醒), beside its count. */
  action?: ReactNode
  /** The feed that follows the list. */
  feed?: FeedInfo
}

/** A list page of articles: title, summary, date and source, 10 a page (spec §9). */
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
