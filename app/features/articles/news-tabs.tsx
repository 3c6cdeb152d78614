import { Empty } from 'antd'
import { href, Link } from 'react-router'

import { TabPanels } from '#app/components/ui/tab-panels.tsx'
import { LatestArticles } from './latest-articles.tsx'
import type { NEWS_CATEGORIES } from '#common/constants/articles.ts'
import type { ArticleSummary } from '#common/schemas/article.ts'

import { ALL_NEWS_NOTE, newsDetailHref } from './news-list-query.ts'
import styles from './news.module.css'

type Tab = (typeof NEWS_CATEGORIES)[number] & { items: ArticleSummary[] }

export function NewsTabs({ tabs }: { tabs: Tab[] }) {
  return (
    <section aria-label="新闻动态" className={styles.tabsPanel}>
      <TabPanels
        label="新闻类别"
        items={tabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          content: (
            <>
              {tab.key === 'all' ? (
                <p className={styles.tabNote}>{ALL_NEWS_NOTE}</p>
              ) : null}
              {tab.items.length === 0 ? (
                <Empty description="暂无信息" />
              ) : (
                <LatestArticles items={tab.items} detailHref={newsDetailHref} />
              )}
              <Link
                to={
                  tab.key === 'all'
                    ? href('/index/newList')
                    : `${href('/index/newList')}?category=${tab.key}`
                }
                className={styles.more}
              >
                {tab.key === 'all' ? '更多信息' : `更多${tab.label}`} »
              </Link>
            </>
          ),
        }))}
      />
    </section>
  )
}
