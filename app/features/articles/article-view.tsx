import { Link } from 'react-router'

import { AttachmentList } from '#app/components/ui/attachment-list.tsx'
import { RichText } from '#app/components/ui/rich-text.tsx'
import type { ArticleDetail, PolicyFacts } from '#common/schemas/article.ts'

import styles from './article.module.css'

type Props = {
  article: ArticleDetail
  detailHref: (id: number) => string
  kind?: 'news' | 'policy'
}

function chineseDate(text: string): string {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number)
  return `${year}年${month}月${day}日`
}

function PolicyFactsTable({ policy }: { policy: PolicyFacts }) {
  const rows: [string, string][] = [
    ['发布机关', policy.issuingBody],
    ['文号', policy.documentNumber],
    ['发布日期', policy.issuedDate ? chineseDate(policy.issuedDate) : ''],
    ['施行日期', policy.effectiveDate ? chineseDate(policy.effectiveDate) : ''],
  ]
  const shown = rows.filter(([, value]) => value !== '')
  if (shown.length === 0) return null
  return (
    <table className={styles.policyFacts}>
      <caption className="visually-hidden">文件信息</caption>
      <tbody>
        {shown.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function ArticleView({ article, detailHref, kind = 'news' }: Props) {
  const isPolicy = kind === 'policy'
  if (article.withdrawal)
    return (
      <article className="portal-panel">
        <h1 className={styles.detailTitle}>{article.title}</h1>
        <p className={styles.withdrawn}>
          本信息已于{chineseDate(article.withdrawal.at)}撤回。撤回原因：
          {article.withdrawal.reason}
        </p>
      </article>
    )
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
        {article.source && !article.policy ? (
          <span>
            {isPolicy ? '发布机关' : '来源'}：{article.source}
          </span>
        ) : null}
        <span>栏目：{article.categoryName}</span>
        <span>浏览次数：{article.views}</span>
      </div>
      {article.correction ? (
        <p className={styles.correction}>
          <strong>更正</strong>
          <time dateTime={article.correction.at.replace(' ', 'T')}>
            （{chineseDate(article.correction.at)}）
          </time>
          {article.correction.note}
        </p>
      ) : null}
      {article.policy ? <PolicyFactsTable policy={article.policy} /> : null}
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
