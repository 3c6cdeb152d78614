import { Link } from 'react-router'

import type { ArticleSummary } from '#common/schemas/article.ts'

import styles from './article.module.css'

/** The latest titles of a category with their dates, as an overview panel lists them. */
export function LatestArticles({
  items,
  detailHref,
}: {
  items: ArticleSummary[]
  detailHref: (id: number) => string
}) {
  return (
    <ul className={styles.latestList}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={detailHref(item.id)} title={item.title}>
            {item.title}
          </Link>
          <time dateTime={item.publishTime.replace(' ', 'T')}>
            {item.publishTime.slice(0, 10)}
          </time>
        </li>
      ))}
    </ul>
  )
}
