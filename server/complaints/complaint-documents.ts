import {
  COMPLAINT_CLOCK_PAUSE_KINDS,
  COMPLAINT_CONCLUSIONS,
  COMPLAINT_DOCUMENT_KINDS,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import type { StaffActionPayload } from '#common/schemas/complaint/complaint-staff.ts'
import type { ComplaintRow } from '#server/db/schema.ts'
import {
  type KnownPersonalData,
  maskKnownPersonalData,
} from './mask-personal-data.ts'

type DocumentKind = (typeof COMPLAINT_DOCUMENT_KINDS)[number]['value']

export type DocumentDraft = {
  kind: DocumentKind
  title: string
  recipient: string
  paragraphs: string[]
  needsReceipt: boolean
  needsSeal: boolean
}

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v

export const cnDate = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}

/** Text typed in lines: a paragraph for each non-empty line (a PDF line holds no line break). */
const paragraphsOf = (text: string) =>
  text.split(/\n+/).filter((line) => line.trim() !== '')

export const documentLabel = (kind: string) =>
  label(COMPLAINT_DOCUMENT_KINDS, kind)

export type DocumentContext = {
  complaint: ComplaintRow
  respondents: { role: string; name: string }[]
  today: string
  after: Partial<ComplaintRow>
}

function subject(c: ComplaintRow): string {
  return `你（单位）于${cnDate(c.submittedAt)}提交的关于“${c.projectName}”（项目代码：${c.projectCode}）${label(COMPLAINT_TYPES, c.complaintType)}的投诉`
}

const REMEDY =
  '投诉人或者其他利害关系人对本决定不服的，可以自收到本决定书之日起六十日内依法申请行政复议，或者自收到之日起六个月内依法提起行政诉讼。'

function draft(
  c: ComplaintRow,
  kind: DocumentKind,
  paragraphs: string[],
  options: Partial<
    Pick<DocumentDraft, 'needsReceipt' | 'needsSeal' | 'recipient'>
  > = {},
): DocumentDraft {
  return {
    kind,
    title: documentLabel(kind),
    recipient: options.recipient ?? c.complainantName,
    paragraphs,
    needsReceipt: options.needsReceipt ?? true,
    // Every document the department issues carries its seal; a transcript is signed by the
    // people it records, not issued.
    needsSeal: options.needsSeal ?? true,
  }
}

const acceptancePeriod = (today: string, after: Partial<ComplaintRow>) =>
  `本机关将自受理之日起三十个工作日内作出书面处理决定，即于${cnDate(after.decisionDueDate ?? today)}前作出；需要检验、检测、鉴定、专家评审的，所需时间不计算在内。`

// 条例 art. 61: an online complaint is received the day it is submitted, not signed for.
const receivedThatDay = (c: ComplaintRow) =>
  `${subject(c)}，本机关已于当日收到。`

export const acceptanceNotice = (
  p: StaffActionPayload<'accept'>,
  { complaint: c, today, after }: DocumentContext,
) =>
  draft(c, 'acceptance_notice', [
    receivedThatDay(c),
    `经审查，该投诉符合《工程建设项目招标投标活动投诉处理办法》规定的受理条件，本机关决定予以受理。${p.note ? `备注：${p.note}` : ''}`,
    acceptancePeriod(today, after),
  ])

export const autoAcceptanceNotice = (
  _p: unknown,
  { complaint: c, today, after }: DocumentContext,
) =>
  draft(c, 'acceptance_notice', [
    receivedThatDay(c),
    `本机关未在收到投诉之日起三个工作日内（${cnDate(c.acceptanceDueDate ?? today)}前）作出是否受理的决定，依照《中华人民共和国招标投标法实施条例》第六十一条、第六十二条，该投诉自${cnDate(today)}起视为受理。`,
    acceptancePeriod(today, after),
  ])

export const refusalNotice = (
  p: StaffActionPayload<'refuse'>,
  { complaint: c }: DocumentContext,
) =>
  draft(c, 'refusal_notice', [
    `${subject(c)}，本机关已收悉。`,
    `经审查，本机关决定不予受理，理由如下：${p.reason}`,
    `依据《中华人民共和国招标投标法实施条例》第六十一条及《工程建设项目招标投标活动投诉处理办法》第十二条，特此告知。${REMEDY}`,
  ])

export const transferNotice = (
  p: StaffActionPayload<'transfer'>,
  { complaint: c, today }: DocumentContext,
) =>
  draft(c, 'transfer_notice', [
    `${subject(c)}，本机关已收悉。`,
    `经审查，该投诉事项依法应由${p.receiver}处理，本机关已于${cnDate(today)}将投诉材料移交该机关。理由：${p.reason}`,
    '请与受理机关联系后续事宜。',
  ])

export const materialNotice = (
  p: StaffActionPayload<'request-material'>,
  dueDate: string,
  { complaint: c }: DocumentContext,
) =>
  draft(c, 'material_notice', [
    `${subject(c)}，经审查，投诉材料尚需补正以下内容：`,
    p.items,
    `请于${cnDate(dueDate)}前（${p.workdays}个工作日内）通过投诉查询页面提交补正说明及材料。逾期未补正的，本机关将依据现有材料依法处理。`,
  ])

export const transcript = (
  p: StaffActionPayload<'record-transcript'>,
  { complaint: c }: DocumentContext,
) =>
  draft(
    c,
    'transcript',
    [
      `时间：${p.occurredAt}`,
      `地点：${p.place}`,
      `调查人：${p.interviewer}`,
      `被调查人：${p.interviewee}`,
      `事由：${c.projectName}投诉（编号${c.complaintNo}）调查`,
      ...paragraphsOf(p.content),
    ],
    {
      needsReceipt: false,
      needsSeal: false,
      recipient: `${p.title}（调查笔录）`,
    },
  )

const partiesOf = (
  c: ComplaintRow,
  respondents: DocumentContext['respondents'],
) => `${respondents.map((r) => r.name).join('、')}、${c.complainantName}`

export const suspensionNotice = (
  p: StaffActionPayload<'suspend-activity'>,
  { complaint: c, respondents, today }: DocumentContext,
) =>
  draft(
    c,
    'suspension_notice',
    [
      `本机关在处理${c.complainantName}关于“${c.projectName}”（项目代码：${c.projectCode}）的投诉中，依据《中华人民共和国招标投标法实施条例》第六十二条第三款，责令暂停该项目招标投标活动，自${cnDate(today)}起执行，至本机关书面通知恢复之日止。`,
      `理由：${p.reason}`,
    ],
    { recipient: partiesOf(c, respondents) },
  )

export const resumptionNotice = (
  p: StaffActionPayload<'resume-activity'>,
  { complaint: c, respondents, today }: DocumentContext,
) =>
  draft(
    c,
    'resumption_notice',
    [
      `本机关此前责令暂停的“${c.projectName}”（项目代码：${c.projectCode}）招标投标活动，自${cnDate(today)}起恢复。`,
      `理由：${p.reason}`,
    ],
    { recipient: partiesOf(c, respondents) },
  )

export const clockPauseNotice = (
  p: StaffActionPayload<'pause-clock'>,
  { complaint: c, today }: DocumentContext,
) =>
  draft(c, 'clock_pause_notice', [
    `${subject(c)}，本机关在调查中需要进行${label(COMPLAINT_CLOCK_PAUSE_KINDS, p.kind)}。`,
    `依据《中华人民共和国招标投标法实施条例》第六十二条，${label(COMPLAINT_CLOCK_PAUSE_KINDS, p.kind)}所需时间不计算在处理期限内，处理期限自${cnDate(today)}起中止计算，恢复计算时另行告知。`,
    `说明：${p.reason}`,
  ])

export const extensionStatement = (
  p: StaffActionPayload<'extend'>,
  { complaint: c, today, after }: DocumentContext,
) =>
  draft(c, 'extension_statement', [
    `${subject(c)}，本机关已于${cnDate(c.acceptedAt ?? today)}受理。`,
    `因${p.statement}，不能在规定期限内作出处理决定。依据《工程建设项目招标投标活动投诉处理办法》第二十一条，经本机关负责人${p.approvedBy}批准，处理期限延长${p.workdays}个工作日${after.decisionDueDate ? `，处理决定将于${cnDate(after.decisionDueDate)}前作出` : '（期限中止期间，恢复计算后顺延）'}。`,
  ])

export const decisionDocument = (
  p: StaffActionPayload<'decide'>,
  { complaint: c, respondents, today }: DocumentContext,
) =>
  draft(c, 'decision', [
    `投诉人：${c.complainantName}，地址：${c.complainantAddress}。`,
    `被投诉人：${respondents.map((r) => `${r.name}（${label(COMPLAINT_PARTY_ROLES, r.role)}）`).join('；')}。`,
    `${subject(c)}，本机关于${cnDate(c.acceptedAt ?? today)}依法受理。投诉请求：${c.requests}`,
    ...paragraphsOf(`经调查查明：${p.findings}`),
    `本机关认为，投诉${label(COMPLAINT_CONCLUSIONS, p.conclusion)}。依据${p.basis}，决定如下：`,
    ...paragraphsOf(p.decision),
    REMEDY,
  ])

export const withdrawalGranted = (
  p: StaffActionPayload<'grant-withdrawal'>,
  { complaint: c }: DocumentContext,
) =>
  draft(c, 'withdrawal_granted', [
    `${subject(c)}，你（单位）申请撤回投诉。`,
    `经审查，本机关同意撤回，投诉处理程序终止。${p.reason}`,
  ])

export const withdrawalRefused = (
  p: StaffActionPayload<'refuse-withdrawal'>,
  { complaint: c }: DocumentContext,
) =>
  draft(c, 'withdrawal_refused', [
    `${subject(c)}，你（单位）申请撤回投诉。`,
    `经审查，撤回投诉可能损害国家利益、社会公共利益或者他人合法权益，本机关决定不予同意撤回，投诉处理程序继续进行。理由：${p.reason}`,
  ])

export const PUBLIC_VERSION_NOTE =
  '（公开版：已隐去自然人姓名、身份证件号码、联系电话、电子邮箱和地址等个人信息）'

export const PUBLISHED_DOCUMENT_KINDS: readonly DocumentKind[] = ['decision']

type Respondent = {
  role: string
  name: string
  contact?: string | null
  address?: string | null
}

// Natural persons' names keep one character at each end. An organisation's address is no personal
// data, and masking it would mask the place names inside other names.
export function knownPersonalDataOf(
  c: ComplaintRow,
  respondents: Respondent[],
  personNames: string[] = [],
): KnownPersonalData {
  const isPerson = c.complainantType === 'natural_person'
  const others = respondents.filter((r) => r.role === 'other')
  return {
    personNames: [
      ...(isPerson ? [c.complainantName] : []),
      c.legalRepresentative ?? '',
      c.contactName,
      ...others.map((r) => r.name),
      ...personNames,
    ],
    partyNames: isPerson ? [] : [c.complainantName],
    numbers: [
      c.complainantIdNumber,
      c.contactPhone,
      c.contactEmail ?? '',
      ...respondents.map((r) => r.contact ?? ''),
    ],
    addresses: [c.complainantAddress, ...others.map((r) => r.address ?? '')],
  }
}

export function publicVersionOf(
  draft: DocumentDraft,
  known: KnownPersonalData,
): DocumentDraft {
  const mask = (text: string) => maskKnownPersonalData(text, known)
  return {
    ...draft,
    recipient: mask(draft.recipient),
    paragraphs: draft.paragraphs.map(mask),
  }
}
