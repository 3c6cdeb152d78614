/** The complaint statute's states, parties, documents and periods. */

/**
 * Complaint lifecycle states (architecture.md, Complaint lifecycle; 招标投标法实施条例 art. 60-62,
 * 工程建设项目招标投标活动投诉处理办法). The code is stored; the label is shown.
 * 不予撤回 is not a state of its own: refusing a withdrawal returns the complaint to the state it
 * had before 申请撤回, and the refusal stays in the timeline as an event.
 */
export const COMPLAINT_STATES = [
  { value: 'submitted', label: '待签收' },
  { value: 'received', label: '待受理' },
  { value: 'accepted', label: '待处理' },
  { value: 'refused', label: '不予受理' },
  { value: 'transferred', label: '移交' },
  { value: 'revoked', label: '已撤回' },
  { value: 'withdrawal_requested', label: '申请撤回' },
  { value: 'withdrawn', label: '同意撤回' },
  { value: 'decided', label: '已处理' },
] as const
export type ComplaintState = (typeof COMPLAINT_STATES)[number]['value']

export const COMPLAINT_FLAGS = [
  { value: 'isMaterialRequested', label: '材料补正' },
  { value: 'isActivitySuspended', label: '暂停招标投标活动' },
  { value: 'isClockPaused', label: '检验检测鉴定或专家评审期间（不计入期限）' },
  { value: 'isExtended', label: '已延期' },
] as const

export const COMPLAINANT_TYPES = [
  { value: 'legal_person', label: '法人' },
  { value: 'organization', label: '其他组织' },
  { value: 'natural_person', label: '自然人' },
] as const

export const COMPLAINT_PARTY_ROLES = [
  { value: 'tenderer', label: '招标人' },
  { value: 'agency', label: '招标代理机构' },
  { value: 'bidder', label: '投标人' },
  { value: 'committee', label: '评标委员会' },
  { value: 'other', label: '其他' },
] as const

/**
 * Complaint types (spec §9). Every type but 其他 concerns a matter for which 条例 art. 60 (with
 * art. 22, 44, 54) requires an objection (异议) to the tenderer first.
 */
export const COMPLAINT_TYPES = [
  { value: 'bid_documents', label: '招标文件' },
  { value: 'prequalification_documents', label: '资格预审文件' },
  { value: 'prequalification_result', label: '资格预审结果' },
  { value: 'evaluation_result', label: '评标结果' },
  { value: 'opening', label: '开标过程' },
  { value: 'other', label: '其他' },
] as const

export const COMPLAINT_CONCLUSIONS = [
  { value: 'substantiated', label: '属实' },
  { value: 'partly_substantiated', label: '部分属实' },
  { value: 'unsubstantiated', label: '不属实' },
] as const

export const COMPLAINT_DOCUMENT_KINDS = [
  { value: 'receipt_notice', label: '投诉回执' },
  { value: 'acceptance_notice', label: '受理通知书' },
  { value: 'refusal_notice', label: '不予受理通知书' },
  { value: 'transfer_notice', label: '移交告知书' },
  { value: 'material_notice', label: '补正通知书' },
  { value: 'transcript', label: '调查笔录' },
  { value: 'suspension_notice', label: '暂停招标投标活动通知书' },
  { value: 'resumption_notice', label: '恢复招标投标活动通知书' },
  { value: 'clock_pause_notice', label: '期限中止告知书' },
  { value: 'extension_statement', label: '延期说明书' },
  { value: 'decision', label: '处理决定书' },
  { value: 'withdrawal_granted', label: '同意撤回投诉决定书' },
  { value: 'withdrawal_refused', label: '不予撤回投诉决定书' },
] as const

/** Why the clock stops (条例 art. 62: 检验、检测、鉴定、专家评审 time is not counted). */
export const COMPLAINT_CLOCK_PAUSE_KINDS = [
  { value: 'testing', label: '检验' },
  { value: 'inspection', label: '检测' },
  { value: 'appraisal', label: '鉴定' },
  { value: 'expert_review', label: '专家评审' },
] as const

/** Statutory periods in working days (条例 art. 61, 62; 投诉处理办法 art. 11, 21). */
export const COMPLAINT_ACCEPTANCE_WORKDAYS = 3
export const COMPLAINT_DECISION_WORKDAYS = 30
/** Extension limit: our rule (the statute says "适当延长"), one statement per extension. */
export const COMPLAINT_MAX_EXTENSION_WORKDAYS = 30
/** Default time given to supply material, in working days (our rule; the notice names it). */
export const COMPLAINT_MATERIAL_DEFAULT_WORKDAYS = 5
export const COMPLAINT_MAX_RESPONDENTS = 10
export const COMPLAINT_MAX_EVIDENCE_FILES = 50

/** Complaints filed here are about 工程建设 tenders (trading category 1). */
export const COMPLAINT_PROJECT_CATEGORY = 1
