import { Empty } from 'antd'
import { href, Link } from 'react-router'

import { LatestLinks } from '#app/components/ui/latest-links.tsx'
import { TabPanels } from '#app/components/ui/tab-panels.tsx'
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
      {/* The portal's own tabs, not antd's: its dropdown for tabs that overflow and its
          animations were a tenth of the page's first load. A category's and a stage's lists
          are drawn when first chosen, as antd's were. */}
      <TabPanels
        label="交易类别"
        isRenderedWhenChosen
        isWrapped
        items={latest.map((category) => ({
          key: String(category.category),
          label: category.categoryName,
          content: (
            <TabPanels
              label={`${category.categoryName}的交易环节`}
              size="small"
              isRenderedWhenChosen
              isWrapped
              items={category.stages.map((stage) => ({
                key: stage.stage,
                label: stage.stageName,
                content: (
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
