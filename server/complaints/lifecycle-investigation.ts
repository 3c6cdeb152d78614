import { toShanghaiText } from '#server/shared/publish-time.ts'

import {
  recordMaterialAnswer,
  recordMaterialRequest,
  recordTranscript,
} from './complaint-action-records.ts'
import {
  materialNotice,
  resumptionNotice,
  suspensionNotice,
  transcript,
} from './complaint-documents.ts'
import { OPEN, type Rule } from './lifecycle-rule.ts'

// An incomplete complaint cannot be accepted or refused on its merits: asked for before
// acceptance, the material stops the acceptance clock (and its automatic acceptance) until it
// arrives (recordMaterialAnswer) or its due date passes (resumeLapsedAcceptanceClocks).
export const requestMaterialRule: Rule<'request-material'> = {
  label: '要求补正材料',
  actor: 'staff',
  from: ['received', 'accepted'],
  guard: (c, now) =>
    c.acceptedAt === null &&
    c.autoAcceptAt !== null &&
    toShanghaiText(now) >= c.autoAcceptAt
      ? '受理期限已经届满，投诉依法视为受理；请在受理后要求补正材料'
      : undefined,
  changes: (c, { stamp }) => ({
    isMaterialRequested: 1,
    ...(c.acceptedAt === null && c.acceptanceStoppedAt === null
      ? { acceptanceStoppedAt: stamp, autoAcceptAt: null }
      : {}),
  }),
  reason: (p) => p.items,
  document: (p, at) =>
    materialNotice(p, at.calendar.addWorkdays(at.today, p.workdays), at),
  record: recordMaterialRequest,
}

export const answerMaterialRule: Rule<'answer-material'> = {
  label: '补正材料',
  actor: 'complainant',
  from: OPEN,
  guard: (c) => (c.isMaterialRequested ? undefined : '当前没有需要补正的材料'),
  reason: (p) => p.answerText,
  record: recordMaterialAnswer,
}

export const recordTranscriptRule: Rule<'record-transcript'> = {
  label: '制作调查笔录',
  actor: 'staff',
  from: ['accepted', 'withdrawal_requested'],
  reason: (p) => p.title,
  document: transcript,
  record: recordTranscript,
}

export const suspendActivityRule: Rule<'suspend-activity'> = {
  label: '暂停招标投标活动',
  actor: 'staff',
  from: ['received', 'accepted'],
  guard: (c) =>
    c.isActivitySuspended ? '招标投标活动已处于暂停状态' : undefined,
  changes: () => ({ isActivitySuspended: 1 }),
  reason: (p) => p.reason,
  document: suspensionNotice,
}

export const resumeActivityRule: Rule<'resume-activity'> = {
  label: '恢复招标投标活动',
  actor: 'staff',
  from: 'any',
  guard: (c) =>
    c.isActivitySuspended ? undefined : '招标投标活动未被暂停，无需恢复',
  changes: () => ({ isActivitySuspended: 0 }),
  reason: (p) => p.reason,
  document: resumptionNotice,
}
