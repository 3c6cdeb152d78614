import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { CategoryTag } from '#app/components/ui/category-tag.tsx'
import { ListPage } from '#app/components/ui/list-page.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import type { FeedInfo } from '#common/constants/feeds.ts'
import type { CreditSummary } from '#common/schemas/credit.ts'
import { ellipsis } from '#common/text.ts'

import { STATUS_TONES } from './credit-format.ts'
import { creditDetailHref } from './credit-list-query.ts'
import styles from './credit.module.css'

type Props = {
  title: string
  search: ReactNode
  items: CreditSummary[]
  total: number
  page: number
  pageHref: (page: number) => string
  emptyText: string
  note?: string
  feed?: FeedInfo
}

export function CreditList({ items, ...page }: Props) {
  return (
    <ListPage {...page} count={items.length}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.id} className={styles.item}>
            <h2 className={styles.itemTitle}>
              <CategoryTag>{item.partyKindName}</CategoryTag>
              <Link to={creditDetailHref(item.id)}>
                {item.partyName}
                {item.decisionTypeName}
              </Link>
              <StatusTag tone={STATUS_TONES[item.status]}>
                {item.statusName}
              </StatusTag>
            </h2>
            <p className={styles.violation}>{ellipsis(item.violation, 110)}</p>
            <div className={styles.meta}>
              <span>
                统一社会信用代码：
                {item.creditCode ?? '（自然人，无）'}
              </span>
              <span>决定机关：{item.authority}</span>
              {item.documentNumber ? (
                <span>决定文号：{item.documentNumber}</span>
              ) : null}
              <span>决定日期：{item.decisionDate}</span>
            </div>
          </li>
        ))}
      </ul>
    </ListPage>
  )
}
