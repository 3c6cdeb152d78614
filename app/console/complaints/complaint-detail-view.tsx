import { Button } from 'antd'
import { type ReactNode, useState } from 'react'

import { RichText } from '#app/components/ui/rich-text.tsx'
import { StatusTag } from '#app/components/ui/status-tag.tsx'
import type {
  AssignableStaff,
  ComplaintAssign,
  StaffComplaintDetail,
} from '#common/schemas/complaint/complaint-staff.ts'

import { AssignDialog } from './assign-dialog.tsx'
import { Deadlines } from './complaint-deadlines.tsx'
import { ComplaintDocuments } from './complaint-documents.tsx'
import { ComplaintParties } from './complaint-parties.tsx'
import { Section } from './complaint-section.tsx'
import { ComplaintFlagTags, ComplaintStateTag } from './complaint-state-tag.tsx'
import { ComplaintTimeline } from './complaint-timeline.tsx'
import { FileLinks, FilePreview, type ShownFile } from './file-preview.tsx'
import { MaterialRequests } from './material-requests.tsx'
import styles from './workbench.module.css'

type Props = {
  complaint: StaffComplaintDetail
  actions?: ReactNode
  assignees?: AssignableStaff['items']
  /** A head's: change the 承办人. */
  assign?: (body: ComplaintAssign) => Promise<unknown>
}

export function ComplaintDetailView({
  complaint: c,
  actions,
  assignees = [],
  assign,
}: Props) {
  const [openFile, setOpenFile] = useState<ShownFile | null>(null)
  const [isAssigning, setIsAssigning] = useState(false)
  const filesFor = (purpose: string) =>
    c.files.filter((file) => file.purpose === purpose)

  return (
    <article aria-labelledby="complaint-title">
      <header className={`portal-panel ${styles.section}`}>
        <h1 id="complaint-title" className={styles.sectionTitle}>
          投诉编号 {c.complaintNo}
        </h1>
        <p>
          <ComplaintStateTag state={c.state} label={c.stateLabel} />
          {c.conclusionLabel ? (
            <StatusTag tone="neutral">结论：{c.conclusionLabel}</StatusTag>
          ) : null}
          {c.isPublished ? <StatusTag tone="success">已公开</StatusTag> : null}
        </p>
        <ComplaintFlagTags flags={c.flags} />
        <p className={styles.meta}>
          {c.project.name}（项目代码：{c.project.code}）· {c.complaintTypeLabel}{' '}
          · 提交于 {c.submittedAt}
        </p>
        <p className={styles.assigneeLine}>
          承办人：{c.assignee?.name ?? '未分派'}
          {assign ? (
            <Button
              autoInsertSpace={false}
              size="small"
              onClick={() => setIsAssigning(true)}
            >
              {c.assignee ? '更换承办人' : '分派承办人'}
            </Button>
          ) : null}
        </p>
        {assign && isAssigning ? (
          <AssignDialog
            complaintNos={[c.complaintNo]}
            assignees={assignees}
            currentId={c.assignee?.id ?? null}
            assign={assign}
            onClose={() => setIsAssigning(false)}
            onDone={() => setIsAssigning(false)}
          />
        ) : null}
        {actions}
      </header>

      <Section id="complaint-deadlines" title="法定期限">
        <Deadlines deadlines={c.deadlines} />
      </Section>

      <Section id="complaint-parties" title="投诉人与被投诉人">
        <ComplaintParties complaint={c} />
      </Section>

      <Section id="complaint-matter" title="投诉事项">
        <h3 className={styles.sectionTitle}>事实与理由</h3>
        <RichText html={c.factsHtml} />
        <h3 className={styles.sectionTitle}>投诉请求</h3>
        <p className={styles.preWrap}>{c.requests}</p>
        <h3 className={styles.sectionTitle}>投诉书</h3>
        <FileLinks files={[c.formFile]} onOpen={setOpenFile} />
      </Section>

      <Section id="complaint-objection" title="异议及答复">
        {c.objection ? (
          <p>
            {c.objection.objectionDate} 提出异议；
            {c.objection.replyStatus === 'replied'
              ? `招标人${c.objection.replyDate ? `于 ${c.objection.replyDate} ` : ''}答复${c.objection.replySummary ? `：${c.objection.replySummary}` : ''}`
              : '招标人未答复'}
          </p>
        ) : (
          <p className={styles.meta}>未提出异议（投诉类型无需先行异议）</p>
        )}
        <FileLinks
          files={filesFor('objection')}
          onOpen={setOpenFile}
          emptyText="未附异议材料"
        />
      </Section>

      <Section id="complaint-evidence" title="证据材料">
        <FileLinks
          files={filesFor('evidence')}
          onOpen={setOpenFile}
          emptyText="未附证据材料"
        />
        {filesFor('withdrawal').length > 0 ? (
          <>
            <h3 className={styles.sectionTitle}>撤回投诉材料</h3>
            <FileLinks files={filesFor('withdrawal')} onOpen={setOpenFile} />
          </>
        ) : null}
      </Section>

      <Section id="complaint-material" title="材料补正">
        <MaterialRequests complaint={c} onOpen={setOpenFile} />
      </Section>

      <Section id="complaint-documents" title="文书">
        <ComplaintDocuments complaint={c} onOpen={setOpenFile} />
      </Section>

      <Section id="complaint-timeline" title="办理经过">
        <ComplaintTimeline complaint={c} />
      </Section>

      {openFile ? (
        <FilePreview file={openFile} onClose={() => setOpenFile(null)} />
      ) : null}
    </article>
  )
}
