import { href } from 'react-router'

import { ListPager, PageOutOfRange } from '#app/components/ui/list-page.tsx'
import type { FeedbackMessage } from '#common/schemas/complaint/complaint-published.ts'

import styles from './feedback.module.css'

type Props = {
  items: FeedbackMessage[]
  total: number
  page: number
}

const pageHref = (page: number) =>
  page > 1
    ? `${href('/complaint/feedback')}?page=${page}`
    : href('/complaint/feedback')

export function FeedbackList({ items, total, page }: Props) {
  return (
    <section className="portal-panel" aria-labelledby="feedback-list-title">
      <h2 id="feedback-list-title" style={{ fontSize: 17, margin: '0 0 8px' }}>
        留言答复（共 {total} 条）
      </h2>
      {items.length === 0 && total > 0 ? (
        <PageOutOfRange total={total} page={page} pageHref={pageHref} />
      ) : items.length === 0 ? (
        <p className={styles.empty}>暂无已答复的留言</p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <h3 className={styles.title}>{item.title}</h3>
              <p className={styles.meta}>
                {item.name} · {item.createdAt}
              </p>
              <p className={styles.content}>{item.content}</p>
              {item.reply ? (
                <div className={styles.reply}>
                  <strong>答复</strong>（{item.repliedAt}）：{item.reply}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ListPager total={total} page={page} pageHref={pageHref} />
    </section>
  )
}
