import { Link } from 'react-router'

import {
  FEED_GROUPS,
  FEED_ITEM_LIMIT,
  feedPath,
} from '#common/constants/feeds.ts'

import styles from './site-pages.module.css'

export function FeedIndex() {
  return (
    <section
      id="feeds"
      aria-labelledby="site-map-feeds"
      className={styles.feedIndex}
    >
      <h2 id="site-map-feeds">信息订阅（RSS / Atom）</h2>
      <p className={styles.lead}>
        在 RSS
        阅读器或浏览器中订阅下列栏目，新信息发布后即可收到。每个订阅源包含最新发布的{' '}
        {FEED_ITEM_LIMIT} 条信息，提供 RSS 2.0 和 Atom 两种格式，无需登录。
      </p>
      <div className={styles.siteMap}>
        {FEED_GROUPS.map((group, i) => (
          <section
            key={group.label}
            aria-labelledby={`site-map-feeds-${i}`}
            className={styles.siteMapSection}
          >
            <h3 id={`site-map-feeds-${i}`}>{group.label}</h3>
            <ul>
              {group.feeds.map((feed) => (
                <li key={feed.name} className={styles.feedEntry}>
                  <Link to={feed.listPath}>{feed.title}</Link>
                  <span className={styles.feedFormats}>
                    <a
                      href={feedPath(feed.name, 'rss')}
                      type="application/rss+xml"
                    >
                      RSS
                      <span className="visually-hidden">
                        订阅：{feed.title}
                      </span>
                    </a>
                    <a
                      href={feedPath(feed.name, 'atom')}
                      type="application/atom+xml"
                    >
                      Atom
                      <span className="visually-hidden">
                        订阅：{feed.title}
                      </span>
                    </a>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  )
}
