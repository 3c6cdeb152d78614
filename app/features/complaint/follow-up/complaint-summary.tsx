import { Button, Descriptions } from 'antd'

import { StatusTag } from '#app/components/ui/status-tag.tsx'
import { COMPLAINT_FLAGS } from '#common/constants/statute.ts'
import type { ComplaintStatus } from '#common/schemas/complaint/complaint-follow-up.ts'

import styles from './follow-up.module.css'

type Props = {
  status: ComplaintStatus
  // Left out when the complaint was found without its query code.
  onAnswerRequest?: (
    request: ComplaintStatus['materialRequests'][number],
  ) => void
  onWithdraw?: () => void
}

export function ComplaintSummary({
  status,
  onAnswerRequest,
  onWithdraw,
}: Props) {
  const flags = COMPLAINT_FLAGS.filter((flag) => status.flags[flag.value])
  const openRequests = status.materialRequests.filter((r) => !r.answeredAt)
  return (
    <section className="portal-panel" aria-labelledby="status-title">
      <h2 id="status-title" className={styles.heading}>
        投诉编号 {status.complaintNo}
        <StatusTag tone="info" className={styles.state}>
          {status.stateLabel}
        </StatusTag>
        {flags.map((flag) => (
          <StatusTag key={flag.value} tone="warning">
            {flag.label}
          </StatusTag>
        ))}
      </h2>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'project',
            label: '投诉项目',
            children: `${status.project.name}（${status.project.code}）`,
          },
          {
            key: 'type',
            label: '投诉类型',
            children: status.complaintTypeLabel,
          },
          {
            key: 'complainant',
            label: '投诉人',
            children: status.complainantName,
          },
          { key: 'phone', label: '联系电话', children: status.contactPhone },
          {
            key: 'respondents',
            label: '被投诉人',
            children: status.respondents
              .map((r) => `${r.name}（${r.roleLabel}）`)
              .join('；'),
          },
          {
            key: 'submitted',
            label: '提交时间',
            children: status.submittedAt,
          },
          ...(status.conclusionLabel
            ? [
                {
                  key: 'conclusion',
                  label: '处理结论',
                  children: status.conclusionLabel,
                },
              ]
            : []),
        ]}
      />
      <div className={styles.actions}>
        {(onAnswerRequest ? openRequests : []).map((request) => (
          <Button
            key={request.id}
            type="primary"
            onClick={() => onAnswerRequest?.(request)}
          >
            补充材料（{request.dueDate} 前）
          </Button>
        ))}
        {onWithdraw && (status.canRevoke || status.canApplyWithdrawal) ? (
          <Button danger onClick={onWithdraw}>
            {status.canRevoke ? '撤回投诉' : '申请撤回投诉'}
          </Button>
        ) : null}
      </div>
    </section>
  )
}
