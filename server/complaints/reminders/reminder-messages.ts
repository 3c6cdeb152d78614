import { COMPLAINT_STATES } from '#common/constants/statute.ts'
import { REMINDER_HOUR, STAFF_TOTP_ISSUER } from '#common/constants/staff.ts'
import type { MailMessage } from '#server/shared/mail-sender.ts'
import { type MailItem, renderMailParts } from '#server/shared/mail-parts.ts'
import type { SmsMessage } from '#server/shared/sms-sender.ts'

import { DEADLINE_LABELS, type DeadlineKind } from './deadline-stages.ts'

// What a reminder and a digest say. No complainant's name or contact: a mail may be read on a
// phone in a corridor; the complaint's number and project are enough to find it.

export type ReminderFacts = {
  complaintNo: string
  projectName: string
  state: string
  deadline: DeadlineKind
  dueDate: string
  // 今天到期 / 还剩1个工作日
  timeLeft: string
}

const stateLabel = (state: string) =>
  COMPLAINT_STATES.find((s) => s.value === state)?.label ?? state

const consoleLink = (baseUrl: string, complaintNo: string) =>
  `${baseUrl}/admin/complaints/${encodeURIComponent(complaintNo)}`

const SETTINGS_NOTE =
  '此邮件由系统自动发送，请勿直接回复。提醒时间和接收方式可在管理控制台“我的账号”中设置。'

/** The timeline's and the audit log's wording: who was reminded of what, how. */
export function reminderRecordText(
  facts: ReminderFacts,
  personName: string,
  channels: string[],
): string {
  const how = `（${channels.map((c) => (c === 'mail' ? '邮件' : '短信')).join('、')}）`
  return `已提醒${personName}：${DEADLINE_LABELS[facts.deadline]}${facts.dueDate}，${facts.timeLeft}${how}`
}

export function reminderMail(
  facts: ReminderFacts,
  person: { name: string; email: string },
  baseUrl: string,
): Omit<MailMessage, 'headers'> {
  const label = DEADLINE_LABELS[facts.deadline]
  return {
    to: person.email,
    subject: `【期限提醒】投诉${facts.complaintNo}${label}${facts.dueDate}（${facts.timeLeft}）`,
    ...renderMailParts([
      { text: `${person.name}：` },
      {
        text: `投诉${facts.complaintNo}的${label}为${facts.dueDate}，${facts.timeLeft}，请及时办理。`,
      },
      {
        facts: [
          { label: '投诉编号', value: facts.complaintNo },
          { label: '所涉项目', value: facts.projectName },
          { label: '当前状态', value: stateLabel(facts.state) },
          { label: label, value: facts.dueDate },
        ],
      },
      {
        link: consoleLink(baseUrl, facts.complaintNo),
        label: '在管理控制台中办理',
      },
      { text: SETTINGS_NOTE },
    ]),
    purpose: 'complaint-reminder',
  }
}

export function reminderSms(facts: ReminderFacts, mobile: string): SmsMessage {
  return {
    phone: mobile,
    text: `【${STAFF_TOTP_ISSUER}】期限提醒：投诉${facts.complaintNo}${DEADLINE_LABELS[facts.deadline]}${facts.dueDate}，${facts.timeLeft}，请及时办理。`,
    purpose: 'complaint-reminder',
  }
}

export type DigestLine = ReminderFacts

export function digestMail(
  person: { name: string; email: string },
  day: string,
  lines: DigestLine[],
  drafts: { complaintNo: string; drafterName: string; kind: string }[],
  baseUrl: string,
): Omit<MailMessage, 'headers'> {
  const items: MailItem[] = lines.map((line) => ({
    title: `投诉${line.complaintNo}（${line.projectName}）`,
    url: consoleLink(baseUrl, line.complaintNo),
    detail: `${stateLabel(line.state)}；${DEADLINE_LABELS[line.deadline]}${line.dueDate}，${line.timeLeft}`,
  }))
  const draftItems: MailItem[] = drafts.map((draft) => ({
    title: `投诉${draft.complaintNo}`,
    url: consoleLink(baseUrl, draft.complaintNo),
    detail: `${draft.kind === 'decision' ? '处理决定书' : '拟公开处理结果'}待核稿（${draft.drafterName}送核）`,
  }))
  const overdue = lines.filter((line) => line.timeLeft === '已超期').length
  const month = Number(day.slice(5, 7))
  const date = Number(day.slice(8, 10))
  return {
    to: person.email,
    subject: `【每日待办】${month}月${date}日：${lines.length}件投诉在办${overdue > 0 ? `，${overdue}件已超期` : ''}${draftItems.length > 0 ? `，${draftItems.length}份文书待核稿` : ''}`,
    ...renderMailParts([
      { text: `${person.name}：` },
      {
        text:
          lines.length > 0
            ? `以下是您今天需要关注的投诉，按期限先后排列（每个工作日${REMINDER_HOUR}时发送）。`
            : '您今天没有期限在办的投诉。',
      },
      ...(items.length > 0 ? [{ items }] : []),
      ...(draftItems.length > 0
        ? [{ text: '待您核稿的文书：' }, { items: draftItems }]
        : []),
      { link: `${baseUrl}/admin`, label: '打开管理控制台' },
      { text: SETTINGS_NOTE },
    ]),
    purpose: 'staff-digest',
  }
}
