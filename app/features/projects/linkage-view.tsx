import { Tag } from 'antd'
import { Link } from 'react-router'

import { AttachmentList } from '#app/components/ui/attachment-list.tsx'
import { FactList } from '#app/components/ui/fact-list.tsx'
import { RichText } from '#app/components/ui/rich-text.tsx'
import type { LinkageDetail } from '#common/schemas/project.ts'

import { CorrectionNotice } from './correction-notice.tsx'
import { projectHref, withdrawalText } from './project-format.ts'
import styles from './projects.module.css'

// 整改中 asks for attention, 已整改 is done, 已销号 is closed.
const STATUS_COLORS: Record<number, string> = {
  1: 'orange',
  2: 'green',
  3: 'default',
}

export function LinkageStatusTag({
  status,
  name,
}: {
  status: number
  name: string
}) {
  return (
    <Tag color={STATUS_COLORS[status]} className={styles.statusTag}>
      {name}
    </Tag>
  )
}

export function LinkageView({ record }: { record: LinkageDetail }) {
  if (record.withdrawal)
    return (
      <article className="portal-panel">
        <h1 className={styles.detailTitle}>{record.title}</h1>
        <p className={styles.withdrawn}>
          {withdrawalText('本监管记录', record.withdrawal)}
        </p>
        <p>
          所属项目：
          <Link to={projectHref(record.project.id)}>
            {record.project.name}（{record.project.code}）
          </Link>
        </p>
      </article>
    )
  return (
    <article className="portal-panel">
      <h1 className={styles.detailTitle}>{record.title}</h1>
      {record.correction ? (
        <CorrectionNotice correction={record.correction} />
      ) : null}
      <FactList
        classes={styles}
        facts={[
          {
            label: '所属项目',
            isWide: true,
            value: (
              <Link to={projectHref(record.project.id)}>
                {record.project.name}（{record.project.code}）
              </Link>
            ),
          },
          { label: '监管事项', value: record.item },
          {
            label: '整改状态',
            value: (
              <LinkageStatusTag
                status={record.status}
                name={record.statusName}
              />
            ),
          },
          { label: '发现问题', isWide: true, value: record.finding },
          { label: '整改要求', isWide: true, value: record.requirement },
          { label: '责任单位', value: record.responsibleUnit },
          { label: '发现日期', value: record.foundDate },
          { label: '整改期限', value: record.deadline },
          { label: '整改完成日期', value: record.rectifiedDate ?? '尚未完成' },
          { label: '发布时间', value: record.publishTime },
        ]}
      />
      <h2 className={`${styles.sectionTitle} ${styles.bodyTitle}`}>整改情况</h2>
      <RichText className={styles.detailBody} html={record.content} />
      <AttachmentList files={record.files} />
    </article>
  )
}
