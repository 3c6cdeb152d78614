import { FileTextOutlined } from '@ant-design/icons'
import { Empty } from 'antd'
import { href, Link } from 'react-router'

import { FeedLinks } from '#app/components/ui/feed-links.tsx'
import type { POLICY_CATEGORIES } from '#common/constants/articles.ts'
import type { FeedInfo } from '#common/constants/feeds.ts'
import type { ArticleSummary } from '#common/schemas/article.ts'

import { LatestArticles } from './latest-articles.tsx'
import { policyDetailHref } from './policy-list-query.ts'
import styles from './policies.module.css'

type Category = (typeof POLICY_CATEGORIES)[number] & {
  items: ArticleSummary[]
  total: number
}

export function PolicyOverview({
  categories,
  feed,
}: {
  categories: Category[]
  feed: FeedInfo
}) {
  return (
    <>
      <div className={styles.overviewFeeds}>
        <FeedLinks feed={feed} />
      </div>
      <div className={styles.overview}>
        {categories.map((category) => {
          const headingId = `policy-${category.key}-title`
          return (
            <section
              key={category.key}
              aria-labelledby={headingId}
              className={styles.overviewPanel}
            >
              <header className={styles.overviewHeader}>
                <h2 id={headingId}>
                  <FileTextOutlined aria-hidden /> {category.label}
                </h2>
                <Link
                  to={`${href('/policies/list')}?category=${category.key}`}
                  aria-label={`查看全部${category.label}（共 ${category.total} 篇）`}
                >
                  更多 »
                </Link>
              </header>
              {category.items.length === 0 ? (
                <Empty description="该栏目暂无内容" />
              ) : (
                <LatestArticles
                  items={category.items}
                  detailHref={policyDetailHref}
                />
              )}
            </section>
          )
        })}
      </div>
    </>
  )
}
