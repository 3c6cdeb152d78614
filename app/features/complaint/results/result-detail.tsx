import { FilePdfOutlined } from '@ant-design/icons'
import { Button, Descriptions, Tag } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { href, Link } from 'react-router'

import { ChunkErrorBoundary } from '#app/components/ui/chunk-error-boundary.tsx'
import { ChunkFailedAlert } from '#app/components/ui/chunk-failed-alert.tsx'
import type { PublishedComplaintDetail } from '#common/schemas/complaint/complaint-published.ts'

import styles from './results.module.css'

const PdfViewer = lazy(() => import('#app/components/ui/pdf-viewer.tsx'))

type Decision = NonNullable<PublishedComplaintDetail['decision']>

// Without scripts the link still opens it.
function PublishedDecision({ decision }: { decision: Decision }) {
  const [isViewing, setIsViewing] = useState(false)
  return (
    <section aria-labelledby="decision-title" className={styles.decision}>
      <h2 id="decision-title" className={styles.subheading}>
        {decision.title}
      </h2>
      <p className={styles.note}>
        依法公开的处理决定书，已隐去自然人姓名、身份证件号码、联系电话、电子邮箱和地址等个人信息。
      </p>
      <div className={styles.decisionActions}>
        <Button
          type="primary"
          icon={<FilePdfOutlined aria-hidden />}
          onClick={() => setIsViewing(true)}
        >
          在线查看处理决定书
        </Button>
        <a href={decision.url} download={decision.fileName}>
          下载处理决定书（PDF）
        </a>
      </div>
      {isViewing ? (
        <ChunkErrorBoundary
          fallback={
            <ChunkFailedAlert text="在线查看暂时无法加载，请下载后查看。" />
          }
        >
          <Suspense fallback={null}>
            <PdfViewer
              file={{
                id: decision.url,
                name: decision.fileName,
                url: decision.url,
                type: 1,
              }}
              onClose={() => setIsViewing(false)}
            />
          </Suspense>
        </ChunkErrorBoundary>
      ) : null}
    </section>
  )
}

export const resultTitle = (
  result: Pick<PublishedComplaintDetail, 'projectName' | 'complaintNo'>,
) => `${result.projectName} 投诉处理结果（${result.complaintNo}）`

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
      <h2 className={styles.subheading}>处理结果</h2>
      <div className={styles.summary}>{result.summary}</div>
      {result.decision ? (
        <PublishedDecision decision={result.decision} />
      ) : null}
      <p style={{ marginTop: 20 }}>
        <Link to={href('/complaint/list')}>返回投诉处理结果列表</Link>
      </p>
    </article>
  )
}
