import type { HomeLink } from '#common/schemas/site.ts'

import styles from './news.module.css'

export function QuickLinks({ links }: { links: HomeLink[] }) {
  if (links.length === 0) return null
  return (
    <nav aria-label="快捷入口" className={styles.quickLinks}>
      {links.map((link) => {
        const isExternal = /^https?:\/\//.test(link.url)
        return (
          <a
            key={link.id}
            href={link.url}
            className={styles.quickLink}
            {...(isExternal
              ? { target: '_blank', rel: 'noopener noreferrer' }
              : {})}
          >
            {link.title}
          </a>
        )
      })}
    </nav>
  )
}
