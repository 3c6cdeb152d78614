import { Link } from 'react-router'

import { AttachmentList } from '#app/components/attachment-list.tsx'
import type { ArticleDetail } from '#common/schemas/article.ts'

import styles from './news.module.css'

/** An article: title, date, source, the body (sanitized on the server), files, prev/next. */
export function ArticleView({ article }: { article: ArticleDetail }) {
  return (
    <article className="portal-panel">
      <h1 className={styles.detailTitle}>{article.title}</h1>
      <div className={styles.detailMeta}>
        <span>
          发布时间：
          <time dateTime={article.publishTime.replace(' ', 'T')}>
            {article.publishTime}
          </time>
        </span>
        <span>来源：{article.source}</span>
        <span>栏目：{article.categoryName}</span>
        <span>浏览次数：{article.views}</span>
      </div>
      <div
        className={styles.detailBody}
        dangerouslySetInnerHTML={{ __html: article.content }}
      />
      <AttachmentList files={article.files} />
      <nav aria-label="上一篇和下一篇" className={styles.prevNext}>
        <span>
          上一篇：
          {article.prev ? (
            <Link to={`/index/newDetail?id=${article.prev.id}`}>
              {article.prev.title}
            </Link>
          ) : (
            '没有了'
          )}
        </span>
        <span>
          下一篇：
          {article.next ? (
            <Link to={`/index/newDetail?id=${article.next.id}`}>
              {article.next.title}
            </Link>
          ) : (
            '没有了'
          )}
        </span>
      </nav>
    </article>
  )
}
