import {
  fromShanghaiText,
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import {
  GAP,
  policyAttachments,
  policyHtml,
  type PolicyDocument,
} from './policy-document.ts'
import { INTERFACE_SPECS, INTERPRETATIONS } from './policy-guides.ts'
import { NATIONAL_POLICIES } from './policy-laws.ts'
import { REGIONAL_POLICIES } from './policy-regional.ts'
import type { AttachmentSpec } from './template-context.ts'

const DAY_MS = 86_400_000
const SUMMARY_LENGTH = 120

export const POLICY_DOCUMENTS: PolicyDocument[] = [
  ...NATIONAL_POLICIES,
  ...REGIONAL_POLICIES,
  ...INTERPRETATIONS,
  ...INTERFACE_SPECS,
]

type PlannedPolicy = {
  categoryId: number
  title: string
  content: string
  summary: string
  source: string
  /** 文号 ('' for interpretations) and 发布日期 of the document. */
  documentNumber: string
  issuedDate: string
  publishTime: Date
  attachments: AttachmentSpec[]
}

/** When the document was issued: its own date at 10:00, never later than `now`. */
function issuedAt(doc: PolicyDocument, now: Date): Date {
  const time =
    'date' in doc.when
      ? fromShanghaiText(`${doc.when.date} 10:00:00`)
      : new Date(
          startOfShanghaiDay(now).getTime() -
            doc.when.daysBack * DAY_MS +
            10 * 3_600_000,
        )
  return time > now ? now : time
}

/** The policy articles of the demo content, oldest first. */
export function planPolicyArticles(now: Date): PlannedPolicy[] {
  return POLICY_DOCUMENTS.map((template) => {
    const publishTime = issuedAt(template, now)
    const [y, m, d] = toShanghaiText(publishTime)
      .slice(0, 10)
      .split('-')
      .map(Number)
    // A document dated relative to today carries that year in its number.
    const doc = {
      ...template,
      docNumber: template.docNumber.replace('{year}', String(y)),
    }
    // A list row leads with the document number, as a government site lists rules.
    const clause = doc.chapters?.[0]?.clauses[0]
    const text = clause
      ? `${clause.no}${GAP}${clause.paragraphs.join('')}`
      : (doc.sections ?? [])
          .flatMap((s) => [s.heading ?? '', ...s.paragraphs])
          .join('')
    const lead = doc.docNumber ? `${doc.docNumber}${GAP}${text}` : text
    return {
      categoryId: doc.categoryId,
      title: doc.title,
      content: policyHtml(doc, `${y}年${m}月${d}日`),
      summary:
        lead.length > SUMMARY_LENGTH
          ? `${lead.slice(0, SUMMARY_LENGTH)}…`
          : lead,
      source: doc.source,
      documentNumber: doc.docNumber,
      issuedDate: toShanghaiText(publishTime).slice(0, 10),
      publishTime,
      attachments: policyAttachments(doc),
    }
  }).sort((a, b) => a.publishTime.getTime() - b.publishTime.getTime())
}
