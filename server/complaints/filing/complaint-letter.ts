import { GUIDANCE_UNIT } from '#common/constants/site.ts'
import {
  COMPLAINANT_TYPES,
  COMPLAINT_PARTY_ROLES,
  COMPLAINT_TYPES,
} from '#common/constants/statute.ts'
import type { ComplaintDraft } from '#common/schemas/complaint/complaint-filing.ts'
import { complaintHtmlToText } from '#server/complaints/sanitize-complaint-html.ts'
import type { Letter, LetterSection } from './letter-pdf.ts'

const labelOf = (
  list: readonly { value: string; label: string }[],
  value: string,
) => list.find((item) => item.value === value)?.label ?? value

/** 2026-11-22 → 2026年11月22日, the date line of a Chinese letter. */
function chineseDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  return `${year}年${month}月${date}日`
}

function factParagraphs(sanitizedHtml: string): string[] {
  return complaintHtmlToText(sanitizedHtml)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
}

// In the order 工程建设项目招标投标活动投诉处理办法 art. 8 lists the contents.
export function complaintLetter(
  draft: ComplaintDraft,
  files: { evidence: string[]; objection: string[] },
  today: string,
  sanitizedFactsHtml: string,
): Letter {
  const { complainant, contact } = draft
  const isPerson = complainant.type === 'natural_person'
  const parties: LetterSection = {
    heading: '一、投诉人',
    rows: [
      ['名称', complainant.name],
      ['类型', labelOf(COMPLAINANT_TYPES, complainant.type)],
      ['身份', labelOf(COMPLAINT_PARTY_ROLES, complainant.role)],
      [isPerson ? '身份证号码' : '统一社会信用代码', complainant.idNumber],
      ...(complainant.legalRepresentative
        ? [['法定代表人', complainant.legalRepresentative] as [string, string]]
        : []),
      ['地址', complainant.address],
      ['联系人', contact.name],
      ['联系电话', contact.phone],
      ...(contact.email
        ? [['电子邮箱', contact.email] as [string, string]]
        : []),
    ],
  }
  const many = draft.respondents.length > 1
  const respondents: LetterSection = {
    heading: '二、被投诉人',
    rows: draft.respondents.flatMap((respondent, index) => {
      const rows: [string, string][] = [
        [many ? `名称（${index + 1}）` : '名称', respondent.name],
        ['身份', labelOf(COMPLAINT_PARTY_ROLES, respondent.role)],
      ]
      if (respondent.contact) rows.push(['联系方式', respondent.contact])
      if (respondent.address) rows.push(['地址', respondent.address])
      return rows
    }),
  }
  const matter: LetterSection = {
    heading: '三、投诉事项',
    rows: [
      ['项目名称', draft.project.name],
      ['项目编号', draft.project.code],
      ['投诉类型', labelOf(COMPLAINT_TYPES, draft.complaintType)],
    ],
  }
  const objection = draft.objection
  const objectionSection: LetterSection = objection
    ? {
        heading: '四、异议情况',
        rows: [
          ['提出异议日期', chineseDate(objection.objectionDate)],
          [
            '答复情况',
            objection.replyStatus === 'replied'
              ? `已答复（${chineseDate(objection.replyDate ?? objection.objectionDate)}）`
              : '招标人未在法定期限内答复',
          ],
          ...(objection.replySummary
            ? [['答复内容摘要', objection.replySummary] as [string, string]]
            : []),
          ['异议材料', files.objection.join('、')],
        ],
      }
    : {
        heading: '四、异议情况',
        paragraphs: ['本投诉事项依法无须先向招标人提出异议。'],
      }
  return {
    title: '投诉书',
    subject: `${draft.project.name}：${labelOf(COMPLAINT_TYPES, draft.complaintType)}投诉`,
    author: complainant.name,
    sections: [
      parties,
      respondents,
      matter,
      objectionSection,
      {
        heading: '五、事实与理由',
        paragraphs: factParagraphs(sanitizedFactsHtml),
      },
      {
        heading: '六、投诉请求',
        paragraphs: draft.requests
          .split(/\n+/)
          .map((line) => line.trim())
          .filter((line) => line !== ''),
      },
      files.evidence.length > 0
        ? { heading: '七、证据清单', items: files.evidence }
        : { heading: '七、证据清单', paragraphs: ['无。'] },
    ],
    closing: {
      salutation: ['此致', GUIDANCE_UNIT],
      lines: [
        `投诉人（${isPerson ? '签字' : '盖章'}）：${complainant.name}`,
        ...(complainant.legalRepresentative
          ? [`法定代表人（负责人）：${complainant.legalRepresentative}`]
          : []),
      ],
      date: chineseDate(today),
    },
  }
}
