import { Descriptions, Grid, Table, Timeline } from 'antd'
import { type ReactNode, useState } from 'react'

import { RichText } from '#app/components/ui/rich-text.tsx'
import { StatusTag, type StatusTone } from '#app/components/ui/status-tag.tsx'
import {
  COMPLAINANT_TYPES,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_STATES,
} from '#common/constants/statute.ts'
import type { StatutoryDeadline } from '#common/schemas/complaint/complaint-follow-up.ts'
import type { StaffComplaintDetail } from '#common/schemas/complaint/complaint-staff.ts'

import { ProvisionalBadge } from './clock-cell.tsx'
import { ComplaintFlagTags, ComplaintStateTag } from './complaint-state-tag.tsx'
import { FileLinks, FilePreview, type ShownFile } from './file-preview.tsx'
import styles from './workbench.module.css'

type Props = {
  complaint: StaffComplaintDetail
  /** The actions the person may take (ActionPanel), shown under the heading. */
  actions?: ReactNode
}

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v

const DEADLINE_STATUS: Record<
  StatutoryDeadline['status'],
  { text: string; tone: StatusTone }
> = {
  pending: { text: '期限内', tone: 'info' },
  paused: { text: '中止计时', tone: 'warning' },
  met: { text: '已按期办结', tone: 'success' },
  overdue: { text: '已超期', tone: 'danger' },
}

const ACTOR_KIND = { complainant: '投诉人', staff: '工作人员', system: '系统' }

function Section({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={`portal-panel ${styles.section}`}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** What a period's working days include beyond the statutory ones, if anything. */
const periodNote = (row: StatutoryDeadline) =>
  row.extensionWorkdays || row.excludedWorkdays
    ? `（含延长${row.extensionWorkdays}、不计入${row.excludedWorkdays}）`
    : ''

function DueDate({ row }: { row: StatutoryDeadline }) {
  if (!row.dueDate) return <>中止计时中</>
  return (
    <>
      {row.dueDate}
      {row.provisional ? (
        <>
          {' '}
          <ProvisionalBadge dueDate={row.dueDate} />
        </>
      ) : null}
    </>
  )
}

const DeadlineStatus = ({ row }: { row: StatutoryDeadline }) => (
  <StatusTag tone={DEADLINE_STATUS[row.status].tone}>
    {DEADLINE_STATUS[row.status].text}
  </StatusTag>
)

/**
 * The statutory periods: a table on a wide screen; on a phone one block each, its due date and
 * status first, so that nothing of the clock hides behind a sideways scroll.
 */
function Deadlines({ deadlines }: { deadlines: StatutoryDeadline[] }) {
  const isPhone = Grid.useBreakpoint().xs === true
  if (deadlines.length === 0)
    return <p className={styles.meta}>无进行中的法定期限</p>
  if (isPhone)
    return (
      <ul className={styles.deadlineList}>
        {deadlines.map((row) => (
          <li key={row.kind}>
            <strong>{row.label}</strong>
            <span className={styles.deadlineDue}>
              届满日：
              {row.dueDate ? <DueDate row={row} /> : '恢复计时后重新计算'}{' '}
              <DeadlineStatus row={row} />
            </span>
            <span className={styles.meta}>
              自 {row.startDate} 起算{row.workdays}个工作日{periodNote(row)}
            </span>
          </li>
        ))}
      </ul>
    )
  return (
    <Table
      size="small"
      rowKey="kind"
      pagination={false}
      dataSource={deadlines}
      scroll={{ x: 640 }}
      columns={[
        { title: '法定期限', dataIndex: 'label' },
        { title: '起算日', dataIndex: 'startDate', width: 110 },
        {
          title: '期限（工作日）',
          key: 'workdays',
          width: 200,
          render: (_, row) => `${row.workdays}${periodNote(row)}`,
        },
        {
          title: '届满日',
          key: 'due',
          width: 160,
          render: (_, row) => <DueDate row={row} />,
        },
        {
          title: '状态',
          key: 'status',
          width: 110,
          render: (_, row) => <DeadlineStatus row={row} />,
        },
      ]}
    />
  )
}

/**
 * A complaint as the department handles it: state, flags and deadlines; the complainant and
 * the respondents; what is complained of; the objection and its proof; the evidence, the
 * material supplied and every document issued (PDFs open in the viewer); the timeline of events
 * with the person who acted.
 */
export function ComplaintDetailView({ complaint: c, actions }: Props) {
  const [openFile, setOpenFile] = useState<ShownFile | null>(null)
  const filesFor = (purpose: string) =>
    c.files.filter((file) => file.purpose === purpose)
  const stateLabelOf = (state: string | null) =>
    state ? label(COMPLAINT_STATES, state) : ''

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
        {actions}
      </header>

      <Section id="complaint-deadlines" title="法定期限">
        <Deadlines deadlines={c.deadlines} />
      </Section>

      <Section id="complaint-parties" title="投诉人与被投诉人">
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          title="投诉人"
          items={[
            { key: 'name', label: '名称', children: c.complainant.name },
            {
              key: 'type',
              label: '类型',
              children: `${label(COMPLAINANT_TYPES, c.complainant.type)}（${label(COMPLAINT_PARTY_ROLES, c.complainant.role)}）`,
            },
            {
              key: 'id',
              label: '证件号码',
              children: c.complainant.idNumber,
            },
            {
              key: 'rep',
              label: '法定代表人',
              children: c.complainant.legalRepresentative ?? '—',
            },
            { key: 'address', label: '地址', children: c.complainant.address },
            {
              key: 'contact',
              label: '联系人',
              children: `${c.contact.name} ${c.contact.phone}${c.contact.email ? ` ${c.contact.email}` : ''}`,
            },
          ]}
        />
        <h3 className={styles.sectionTitle} style={{ marginTop: 16 }}>
          被投诉人
        </h3>
        <ul>
          {c.respondents.map((r) => (
            <li key={`${r.role}-${r.name}`}>
              {r.name}（{r.roleLabel}）
              {r.contact ? ` · 联系方式：${r.contact}` : ''}
              {r.address ? ` · 地址：${r.address}` : ''}
            </li>
          ))}
        </ul>
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
        {c.materialRequests.length === 0 ? (
          <p className={styles.meta}>未要求补正材料</p>
        ) : (
          <ol>
            {c.materialRequests.map((m) => (
              <li key={m.id}>
                <p className={styles.preWrap}>
                  {m.requestedAt} 要求补正（{m.dueDate} 前）：{m.items}
                </p>
                {m.answeredAt ? (
                  <>
                    <p className={styles.preWrap}>
                      {m.answeredAt} 补正：{m.answerText}
                    </p>
                    <FileLinks
                      files={m.answerFiles}
                      onOpen={setOpenFile}
                      emptyText="未附补正文件"
                    />
                  </>
                ) : (
                  <StatusTag tone="warning">待补正</StatusTag>
                )}
              </li>
            ))}
          </ol>
        )}
      </Section>

      <Section id="complaint-documents" title="文书">
        <FileLinks
          files={c.documents.map((d) => ({ name: d.fileName, url: d.url }))}
          onOpen={setOpenFile}
          emptyText="尚未出具文书"
          extra={(file) => {
            const d = c.documents.find((doc) => doc.url === file.url)!
            return (
              <span className={styles.meta}>
                {d.label} · {d.issuedAt}
                {d.isSealed ? ' · 已签章' : ''}
                {d.needsReceipt
                  ? d.receiptSignedAt
                    ? ` · 投诉人已于 ${d.receiptSignedAt} 签收`
                    : ' · 投诉人尚未签收'
                  : ''}
              </span>
            )
          }}
        />
        {c.transcripts.length > 0 ? (
          <>
            <h3 className={styles.sectionTitle}>调查笔录</h3>
            <ul>
              {c.transcripts.map((t) => (
                <li key={t.id}>
                  {t.title}（{t.occurredAt}）
                  {t.isVisibleToComplainant ? '' : ' · 投诉人不可查看'}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Section>

      <Section id="complaint-timeline" title="办理经过">
        <Timeline
          items={c.timeline.map((e) => ({
            key: e.id,
            content: (
              <>
                <strong>{e.label}</strong>{' '}
                <span className={styles.meta}>
                  {e.occurredAt} · {ACTOR_KIND[e.actor.kind]} {e.actor.name}
                  {e.toState && e.toState !== e.fromState
                    ? ` · ${e.fromState ? `${stateLabelOf(e.fromState)} → ` : ''}${stateLabelOf(e.toState)}`
                    : ''}
                </span>
                {e.reason ? <p className={styles.preWrap}>{e.reason}</p> : null}
              </>
            ),
          }))}
        />
      </Section>

      {openFile ? (
        <FilePreview file={openFile} onClose={() => setOpenFile(null)} />
      ) : null}
    </article>
  )
}
