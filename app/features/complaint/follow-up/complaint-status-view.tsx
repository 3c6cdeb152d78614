import { Button, Descriptions, Empty, Table, Timeline } from 'antd'
import { useState } from 'react'

import { StatusTag, type StatusTone } from '#app/components/ui/status-tag.tsx'
import { COMPLAINT_FLAGS } from '#common/constants/statute.ts'
import {
  MSG_DEADLINE_PROVISIONAL,
  provisionalDeadlineNote,
} from '#common/messages.ts'
import type {
  ComplaintAccess,
  ComplaintStatus,
  IssuedDocument,
  StatutoryDeadline,
} from '#common/schemas/complaint/complaint-follow-up.ts'

import { DocumentList } from './document-list.tsx'
import { useComplaintFileAccess } from './use-complaint-file-access.ts'
import {
  MaterialDialog,
  TranscriptDialog,
  WithdrawDialog,
} from './follow-up-dialogs.tsx'
import styles from './follow-up.module.css'

type Props = {
  status: ComplaintStatus
  access: ComplaintAccess
  /** Called after an action changed the complaint, to read it again. */
  onChanged: () => void
}

const DEADLINE_STATUS: Record<
  StatutoryDeadline['status'],
  { text: string; tone: StatusTone }
> = {
  pending: { text: '期限内', tone: 'info' },
  paused: { text: '中止计时', tone: 'warning' },
  met: { text: '已按期办结', tone: 'success' },
  overdue: { text: '已超期', tone: 'danger' },
}

function DeadlineTable({ deadlines }: { deadlines: StatutoryDeadline[] }) {
  // On a phone the table scrolls sideways in its own box, which keyboard users can focus.
  return (
    <div
      className={styles.tableScroll}
      role="region"
      aria-label="法定办理期限表格"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <Table
        size="small"
        rowKey="kind"
        pagination={false}
        dataSource={deadlines}
        columns={[
          { title: '法定期限', dataIndex: 'label' },
          { title: '起算日', dataIndex: 'startDate' },
          {
            title: '期限（工作日）',
            key: 'workdays',
            render: (_, row) =>
              row.extensionWorkdays || row.excludedWorkdays
                ? `${row.workdays}（含延长${row.extensionWorkdays}、不计入${row.excludedWorkdays}）`
                : row.workdays,
          },
          {
            title: '届满日',
            key: 'due',
            render: (_, row) =>
              row.dueDate && row.provisional ? (
                <>
                  {row.dueDate}{' '}
                  <StatusTag tone="warning">
                    {MSG_DEADLINE_PROVISIONAL}
                  </StatusTag>
                  <div className={styles.provisionalNote}>
                    {provisionalDeadlineNote(Number(row.dueDate.slice(0, 4)))}
                  </div>
                </>
              ) : (
                (row.dueDate ?? '中止计时中')
              ),
          },
          {
            title: '状态',
            key: 'status',
            render: (_, row) => (
              <StatusTag tone={DEADLINE_STATUS[row.status].tone}>
                {DEADLINE_STATUS[row.status].text}
              </StatusTag>
            ),
          },
        ]}
      />
    </div>
  )
}

/** The complainant's view of a complaint: state, deadlines, timeline, documents, actions. */
export function ComplaintStatusView({ status, access, onChanged }: Props) {
  const [dialog, setDialog] = useState<
    | { kind: 'material'; requestId: number; items: string }
    | { kind: 'transcript'; id: number }
    | { kind: 'withdraw' }
    | null
  >(null)
  const files = useComplaintFileAccess(access, status)
  const flags = COMPLAINT_FLAGS.filter((flag) => status.flags[flag.value])
  const documentsById = new Map<number, IssuedDocument>(
    status.documents.map((doc) => [doc.id, doc]),
  )
  const openRequests = status.materialRequests.filter((r) => !r.answeredAt)
  const close = (changed: boolean) => {
    setDialog(null)
    if (changed) onChanged()
  }

  return (
    <div className={styles.result} aria-live="polite">
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
          {openRequests.map((request) => (
            <Button
              key={request.id}
              type="primary"
              onClick={() =>
                setDialog({
                  kind: 'material',
                  requestId: request.id,
                  items: request.items,
                })
              }
            >
              补充材料（{request.dueDate} 前）
            </Button>
          ))}
          {status.canRevoke || status.canApplyWithdrawal ? (
            <Button danger onClick={() => setDialog({ kind: 'withdraw' })}>
              {status.canRevoke ? '撤回投诉' : '申请撤回投诉'}
            </Button>
          ) : null}
        </div>
      </section>

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

      <section className="portal-panel" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className={styles.heading}>
          办理过程
        </h2>
        <Timeline
          items={status.timeline.map((event) => {
            const doc = event.documentId
              ? documentsById.get(event.documentId)
              : undefined
            return {
              key: event.id,
              // The time sits above the step, not beside it: a phone keeps the width for the text.
              content: (
                <div>
                  <time
                    className={styles.when}
                    dateTime={event.occurredAt.replace(' ', 'T')}
                  >
                    {event.occurredAt}
                  </time>
                  <strong>{event.label}</strong>
                  <span className={styles.actor}>{event.actor.name}</span>
                  {event.reason ? (
                    <p className={styles.reason}>{event.reason}</p>
                  ) : null}
                  {doc ? (
                    <p className={styles.reason}>文书：{doc.label}</p>
                  ) : null}
                </div>
              ),
            }
          })}
        />
      </section>

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
        <section className="portal-panel" aria-labelledby="material-title">
          <h2 id="material-title" className={styles.heading}>
            材料补正
          </h2>
          <ul className={styles.plainList}>
            {status.materialRequests.map((request) => (
              <li key={request.id}>
                <p>
                  <strong>{request.requestedAt}</strong> 要求补正：
                  {request.items}（{request.dueDate} 前）
                </p>
                {request.answeredAt ? (
                  <p className={styles.reason}>
                    已于 {request.answeredAt} 补正：{request.answerText}
                    {request.answerFiles.map((file) => (
                      <a
                        key={file.url}
                        href={file.url}
                        target="_blank"
                        rel="noreferrer"
                        className={styles.fileLink}
                        onClick={files.onFileClick}
                      >
                        {file.name}
                      </a>
                    ))}
                  </p>
                ) : (
                  <StatusTag tone="warning">待补正</StatusTag>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {status.transcripts.length ? (
        <section className="portal-panel" aria-labelledby="transcript-title">
          <h2 id="transcript-title" className={styles.heading}>
            调查笔录
          </h2>
          <ul className={styles.plainList}>
            {status.transcripts.map((transcript) => (
              <li key={transcript.id}>
                <Button
                  type="link"
                  onClick={() =>
                    setDialog({ kind: 'transcript', id: transcript.id })
                  }
                >
                  {transcript.title}
                </Button>
                <span className={styles.actor}>{transcript.occurredAt}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {dialog?.kind === 'material' ? (
        <MaterialDialog
          access={access}
          requestId={dialog.requestId}
          items={dialog.items}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'transcript' ? (
        <TranscriptDialog
          access={access}
          transcriptId={dialog.id}
          onClose={() => close(false)}
        />
      ) : null}
      {dialog?.kind === 'withdraw' ? (
        <WithdrawDialog
          access={access}
          isRevoke={status.canRevoke}
          onClose={close}
        />
      ) : null}
    </div>
  )
}
