import type { Kysely } from 'kysely'

import { DECISION_DRAFT_BLANK } from '#common/constants/complaint-workbench.ts'
import {
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import type { DecisionDraft } from '#common/schemas/complaint/complaint-staff.ts'
import { ellipsis } from '#common/text.ts'
import type { ComplaintRow, Database } from '#server/db/schema.ts'
import { findComplaintRespondents } from '#server/complaints/complaint-repository.ts'
import {
  findComplaintEvents,
  findMaterialRequests,
} from '#server/complaints/follow-up/follow-up-repository.ts'
import { htmlToText } from '#server/search/search-text.ts'

import {
  findComplaintObjection,
  findComplaintTranscripts,
} from './staff-repository.ts'

const label = (list: readonly { value: string; label: string }[], v: string) =>
  list.find((item) => item.value === v)?.label ?? v

const cnDate = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}

const NUMERALS = '一二三四五六七八九十'
const numbered = (lines: string[]) =>
  lines.map((line, index) => `${NUMERALS[index] ?? String(index + 1)}、${line}`)

/**
 * 投诉处理办法 art. 20: the department decides on what the investigation established, and
 * either dismisses the complaint or acts on the violation it found.
 */
const DEFAULT_BASIS =
  '《中华人民共和国招标投标法实施条例》第六十一条、第六十二条和《工程建设项目招标投标活动投诉处理办法》第二十条'

const DECISION_BLANK = `${DECISION_DRAFT_BLANK}：处理决定。投诉缺乏事实根据或者法律依据的，驳回投诉；投诉情况属实、招标投标活动确实存在违法行为的，写明责令改正、重新评标或重新招标等处理】`

// Blanks (DECISION_DRAFT_BLANK) where only the department can write: the decide action refuses
// to issue them.
export async function draftDecision(
  db: Kysely<Database>,
  c: ComplaintRow,
): Promise<DecisionDraft> {
  const [respondents, objection, requests, transcripts, events] =
    await Promise.all([
      findComplaintRespondents(db, c.id),
      findComplaintObjection(db, c.id),
      findMaterialRequests(db, c.id),
      findComplaintTranscripts(db, c.id),
      findComplaintEvents(db, c.id),
    ])
  const facts = [
    `投诉人${c.complainantName}（${label(COMPLAINT_PARTY_ROLES, c.complainantRole)}）就“${c.projectName}”（项目代码：${c.projectCode}）的${label(COMPLAINT_TYPES, c.complaintType)}提出投诉，称：${ellipsis(htmlToText(c.factsHtml), 1000)}`,
  ]
  if (objection)
    facts.push(
      `投诉人于${cnDate(objection.objectionDate)}就投诉事项向招标人提出异议，${
        objection.replyStatus === 'replied'
          ? `招标人${objection.replyDate ? `于${cnDate(objection.replyDate)}` : ''}作出答复${objection.replySummary ? `：${ellipsis(objection.replySummary, 300)}` : ''}。`
          : '招标人未在规定期限内作出答复。'
      }`,
    )
  for (const r of respondents)
    facts.push(
      `被投诉人${r.name}（${label(COMPLAINT_PARTY_ROLES, r.role)}）称：${DECISION_DRAFT_BLANK}：被投诉人的陈述和答辩意见】`,
    )
  for (const m of requests)
    facts.push(
      `本机关于${cnDate(m.requestedAt)}要求投诉人补正材料（${ellipsis(m.items, 200)}），${
        m.answeredAt
          ? `投诉人于${cnDate(m.answeredAt)}提交补正材料：${ellipsis(m.answerText ?? '', 300)}`
          : `投诉人未在${cnDate(m.dueDate)}前补正`
      }。`,
    )
  for (const t of transcripts)
    facts.push(
      `本机关于${cnDate(t.occurredAt)}在${t.place}对${t.interviewee}进行调查，制作《${t.title}》。`,
    )
  for (const e of events.filter((event) => event.type === 'pause-clock'))
    facts.push(
      `本机关于${cnDate(e.occurredAt)}中止计算处理期限（${e.reason.replace(/[。.]+$/, '')}），所需时间依法不计入处理期限。`,
    )
  facts.push(
    `${DECISION_DRAFT_BLANK}：调查认定的事实，逐项写明投诉事项是否成立及其证据】`,
  )
  return {
    conclusion: null,
    findings: numbered(facts).join('\n'),
    basis: DEFAULT_BASIS,
    decision: DECISION_BLANK,
    personalNames: [],
  }
}
