import { Link } from 'react-router'

import styles from './latest-links.module.css'

type LatestLink = {
  key: string | number
  title: string
  href: string
  /** 'YYYY-MM-DD HH:mm:ss', Asia/Shanghai. */
  publishTime: string
}

export function LatestLinks({ items }: { items: LatestLink[] }) {
  return (
    <ul className={styles.latestList}>
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.href} title={item.title}>
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
