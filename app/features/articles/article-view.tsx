import { Link } from 'react-router'

import { AttachmentList } from '#app/components/ui/attachment-list.tsx'
import { RichText } from '#app/components/ui/rich-text.tsx'
import type { ArticleDetail } from '#common/schemas/article.ts'

import styles from './article.module.css'

type Props = {
  article: ArticleDetail
  detailHref: (id: number) => string
  /** 来源 for news; 发布机关 for a policy, whose date is shown as a day (发布日期). */
  kind?: 'news' | 'policy'
}

/** An article: title, date, source, the body (sanitized on the server), files, prev/next. */
export function ArticleView({ article, detailHref, kind = 'news' }: Props) {
  const isPolicy = kind === 'policy'
  return (
    <article className="portal-panel">
      <h1 className={styles.detailTitle}>{article.title}</h1>
      <div className={styles.detailMeta}>
        <span>
          {isPolicy ? '发布日期' : '发布时间'}：
          <time dateTime={article.publishTime.replace(' ', 'T')}>
            {isPolicy ? article.publishTime.slice(0, 10) : article.publishTime}
          </time>
        </span>
        {article.source ? (
          <span>
            {isPolicy ? '发布机关' : '来源'}：{article.source}
          </span>
        ) : null}
        <span>栏目：{article.categoryName}</span>
        <span>浏览次数：{article.views}</span>
      </div>
      <RichText className={styles.detailBody} html={article.content} />
      <AttachmentList files={article.files} />
      <nav aria-label="上一篇和下一篇" className={styles.prevNext}>
        <span>
          上一篇：
          {article.prev ? (
            <Link to={detailHref(article.prev.id)}>{article.prev.title}</Link>
          ) : (
            '没有了'
          )}
        </span>
        <span>
          下一篇：
          {article.next ? (
            <Link to={detailHref(article.next.id)}>{article.next.title}</Link>
          ) : (
            '没有了'
          )}
        </span>
      </nav>
    </article>
  )
}
