import { Alert, Empty } from 'antd'
import { useState } from 'react'

import type {
  ComplaintAccess,
  ComplaintStatus,
} from '#common/schemas/complaint/complaint-follow-up.ts'

import { ComplaintSummary } from './complaint-summary.tsx'
import { ComplaintTimeline } from './complaint-timeline.tsx'
import { DeadlineTable } from './deadline-table.tsx'
import { DocumentList } from './document-list.tsx'
import { MaterialRequestList } from './material-request-list.tsx'
import { TranscriptList } from './transcript-list.tsx'
import { useComplaintFileAccess } from './use-complaint-file-access.ts'
import {
  MaterialDialog,
  TranscriptDialog,
  WithdrawDialog,
} from './follow-up-dialogs.tsx'
import styles from './follow-up.module.css'

type Props = {
  status: ComplaintStatus
  // null when found by phone and SMS code: what needs the query code is not offered.
  access: ComplaintAccess | null
  onChanged: () => void
}

export function ComplaintStatusView({ status, access, onChanged }: Props) {
  const [dialog, setDialog] = useState<
    | { kind: 'material'; requestId: number; items: string }
    | { kind: 'transcript'; id: number }
    | { kind: 'withdraw' }
    | null
  >(null)
  const files = useComplaintFileAccess(access, status)
  const close = (changed: boolean) => {
    setDialog(null)
    if (changed) onChanged()
  }

  return (
    <div className={styles.result} aria-live="polite">
      {access ? null : (
        <Alert
          type="info"
          showIcon
          className={styles.readOnlyNote}
          title="凭手机号查询只能查看办理进度和文书"
          description={`签收文书、补充材料、查看调查笔录和申请撤回需要投诉编号和查询码。查询码遗失的，请拨打页面底部的服务热线。`}
        />
      )}
      <ComplaintSummary
        status={status}
        onAnswerRequest={
          access
            ? (request) =>
                setDialog({
                  kind: 'material',
                  requestId: request.id,
                  items: request.items,
                })
            : undefined
        }
        onWithdraw={access ? () => setDialog({ kind: 'withdraw' }) : undefined}
      />

      <section className="portal-panel" aria-labelledby="deadline-title">
        <h2 id="deadline-title" className={styles.heading}>
          法定办理期限
        </h2>
        {status.deadlines.length ? (
          <DeadlineTable deadlines={status.deadlines} />
        ) : (
          <Empty description="暂无计时中的期限" />
        )}
      </section>

      <ComplaintTimeline status={status} />

      <section className="portal-panel" aria-labelledby="documents-title">
        <h2 id="documents-title" className={styles.heading}>
          文书
        </h2>
        <DocumentList
          letter={status.letter}
          documents={status.documents}
          access={access}
          files={files}
          onChanged={onChanged}
        />
      </section>

      {status.materialRequests.length ? (
        <MaterialRequestList requests={status.materialRequests} files={files} />
      ) : null}

      {status.transcripts.length ? (
        <TranscriptList
          transcripts={status.transcripts}
          onOpen={
            access ? (id) => setDialog({ kind: 'transcript', id }) : undefined
          }
        />
      ) : null}

      {access && dialog?.kind === 'material' ? (
        <MaterialDialog
          access={access}
          requestId={dialog.requestId}
          items={dialog.items}
          onClose={close}
        />
      ) : null}
      {access && dialog?.kind === 'transcript' ? (
        <TranscriptDialog
          access={access}
          transcriptId={dialog.id}
          onClose={() => close(false)}
        />
      ) : null}
      {access && dialog?.kind === 'withdraw' ? (
        <WithdrawDialog
          access={access}
          isRevoke={status.canRevoke}
          onClose={close}
        />
      ) : null}
    </div>
  )
}
