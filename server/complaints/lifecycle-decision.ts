import { COMPLAINT_CONCLUSIONS } from '#common/constants/statute.ts'

import { decisionDocument } from './complaint-documents.ts'
import { label, type Rule } from './lifecycle-rule.ts'
import { maskKnownPersonalData } from './mask-personal-data.ts'

export const decideRule: Rule<'decide'> = {
  label: '作出处理决定',
  actor: 'staff',
  from: ['accepted'],
  to: 'decided',
  guard: (c) =>
    c.clockPausedAt
      ? '检验、检测、鉴定或专家评审尚未结束（期限中止中），请先恢复计时再作出处理决定'
      : undefined,
  changes: (_c, { stamp }) => ({ decidedAt: stamp, closedAt: stamp }),
  recorded: (p) => ({ conclusion: p.conclusion }),
  reason: (p) => `处理结论：${label(COMPLAINT_CONCLUSIONS, p.conclusion)}`,
  document: decisionDocument,
}

export const publishRule: Rule<'publish'> = {
  label: '公开处理结果',
  actor: 'staff',
  from: ['decided'],
  guard: (c) => (c.isPublished ? '处理结果已公开' : undefined),
  changes: (_c, { stamp }) => ({ isPublished: 1, publishedAt: stamp }),
  recorded: (p, known) => ({
    publicSummary: maskKnownPersonalData(p.summary, known),
  }),
  reason: () => '处理结果已在投诉处理结果栏目公开',
}
