import { Tag } from 'antd'
import { href, Link } from 'react-router'

import type { ProjectSummary } from '#common/schemas/project.ts'

import styles from './projects.module.css'

export const projectHref = (id: number, stage?: string) =>
  stage
    ? `${href('/business/detail')}?id=${id}&stage=${stage}`
    : `${href('/business/detail')}?id=${id}`

/** Amounts are kept in 万元; shown with up to two decimals. */
export const formatAmount = (amount: number) =>
  `${amount.toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万元`

/** Who puts the project out, named as each kind of trade names it. */
export function partyLabel(category: number) {
  if (category === 1) return '招标人'
  if (category === 2) return '采购人'
  if (category >= 3 && category <= 5) return '出让人'
  return '转让方'
}

/** Rows of the project list: each project with the announcement the filters found. */
export function ProjectList({ items }: { items: ProjectSummary[] }) {
  return (
    <ul className={styles.projectList}>
      {items.map((item) => (
        <li
          key={`${item.id}-${item.announcementId}`}
          className={styles.projectItem}
        >
          <h2 className={styles.projectTitle}>
            <Tag color="blue">{item.categoryName}</Tag>
            <Link to={projectHref(item.id, item.stage)}>{item.title}</Link>
          </h2>
          <div className={styles.projectMeta}>
            <span>项目编号：{item.code}</span>
            <span>交易环节：{item.stageName}</span>
            <span>
              项目类型：{item.categoryName} / {item.subTypeName}
            </span>
            <span>所属地区：{item.regionName}</span>
            <span>交易方式：{item.tradeMode}</span>
            <span>
              {partyLabel(item.category)}：{item.tenderer}
            </span>
            <span>
              发布时间：
              <time dateTime={item.publishTime.replace(' ', 'T')}>
                {item.publishTime.slice(0, 10)}
              </time>
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}
