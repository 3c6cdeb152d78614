import { type FeedInfo, feedPath } from '#common/constants/feeds.ts'

import styles from './list-page.module.css'

// Drawn: the icon set has none.
function FeedMark() {
  return (
    <svg
      className={styles.feedMark}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="16" height="16" rx="3" fill="#f26522" />
      <circle cx="4.5" cy="11.5" r="1.6" fill="#fff" />
      <path
        d="M3 7.2a5.8 5.8 0 0 1 5.8 5.8M3 3.6A9.4 9.4 0 0 1 12.4 13"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  )
}

// Plain links to the documents, not routes of the app.
export function FeedLinks({ feed }: { feed: FeedInfo }) {
  return (
    <p className={styles.feeds}>
      <a href={feedPath(feed.name, 'rss')} type="application/rss+xml">
        <FeedMark />
        RSS 订阅<span className="visually-hidden">：{feed.title}</span>
      </a>
      <a href={feedPath(feed.name, 'atom')} type="application/atom+xml">
        Atom<span className="visually-hidden">订阅：{feed.title}</span>
      </a>
    </p>
  )
}
