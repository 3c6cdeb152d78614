import { Empty, Tabs } from 'antd'
import { href, Link } from 'react-router'

import { LatestLinks } from '#app/components/ui/latest-links.tsx'
import type { ProjectLatest } from '#common/schemas/project.ts'

import { projectHref } from './project-format.ts'
import styles from './projects.module.css'

export function LatestProjects({ latest }: { latest: ProjectLatest }) {
  return (
    <section
      className={`portal-panel ${styles.latest}`}
      aria-labelledby="latest-title"
    >
      <h2 id="latest-title" className={styles.sectionTitle}>
        最新交易信息
      </h2>
      <Tabs
        items={latest.map((category) => ({
          key: String(category.category),
          label: category.categoryName,
          children: (
            <Tabs
              size="small"
              type="card"
              items={category.stages.map((stage) => ({
                key: stage.stage,
                label: stage.stageName,
                children: (
                  <>
                    {stage.items.length === 0 ? (
                      <Empty description="暂无信息" />
                    ) : (
                      <LatestLinks
                        items={stage.items.map((item) => ({
                          key: item.announcementId,
                          title: item.title,
                          href: projectHref(item.id, item.stage),
                          publishTime: item.publishTime,
                        }))}
                      />
                    )}
                    <Link
                      to={`${href('/business/list')}?category=${category.category}&stage=${stage.stage}`}
                      className={styles.more}
                    >
                      更多{category.categoryName}
                      {stage.stageName} »
                    </Link>
                  </>
                ),
              }))}
            />
          ),
        }))}
      />
    </section>
  )
}
