import { Descriptions, Tag } from 'antd'
import { href, Link } from 'react-router'

import type { PublishedComplaintDetail } from '#common/schemas/complaint/complaint-published.ts'

import styles from './results.module.css'

/** What names a published result: its project and its complaint number. */
export const resultTitle = (
  result: Pick<PublishedComplaintDetail, 'projectName' | 'complaintNo'>,
) => `${result.projectName} 投诉处理结果（${result.complaintNo}）`

/** /complaint/detail: one published handling result; personal data arrives desensitized. */
export function ResultDetail({ result }: { result: PublishedComplaintDetail }) {
  return (
    <article className={`portal-panel ${styles.detail}`}>
      <h1>{resultTitle(result)}</h1>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        // Four-character labels stay on one line on a phone.
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          { key: 'no', label: '投诉编号', children: result.complaintNo },
          { key: 'code', label: '项目编号', children: result.projectCode },
          {
            key: 'type',
            label: '投诉类型',
            children: result.complaintTypeLabel,
          },
          {
            key: 'complainant',
            label: '投诉人',
            children: `${result.complainantName}（${result.complainantRoleLabel}）`,
          },
          {
            key: 'respondents',
            label: '被投诉人',
            children: result.respondents
              .map((r) => `${r.name}（${r.roleLabel}）`)
              .join('；'),
          },
          { key: 'submitted', label: '投诉时间', children: result.submittedAt },
          {
            key: 'accepted',
            label: '受理时间',
            children: result.acceptedAt ?? '—',
          },
          { key: 'decided', label: '处理时间', children: result.decidedAt },
          {
            key: 'conclusion',
            label: '处理结论',
            children: <Tag>{result.conclusionLabel}</Tag>,
          },
          { key: 'published', label: '公开时间', children: result.publishedAt },
        ]}
      />
      <h2 style={{ fontSize: 16, marginTop: 20 }}>处理结果</h2>
      <div className={styles.summary}>{result.summary}</div>
      <p style={{ marginTop: 20 }}>
        <Link to={href('/complaint/list')}>返回投诉处理结果列表</Link>
      </p>
    </article>
  )
}
