export const COMPLAINT_QUEUE_FLAGS = [
  { value: 'material_requested', label: '材料补正中' },
  { value: 'activity_suspended', label: '招标投标活动暂停中' },
  { value: 'clock_paused', label: '中止计时中' },
  { value: 'extended', label: '已延期' },
  { value: 'withdrawal_requested', label: '申请撤回待决定' },
  { value: 'ready_for_decision', label: '待负责人决定' },
  { value: 'draft_submitted', label: '文书待核稿' },
] as const
export type ComplaintQueueFlag = (typeof COMPLAINT_QUEUE_FLAGS)[number]['value']

export const COMPLAINT_DEADLINE_FILTERS = [
  { value: 'overdue', label: '已逾期' },
  { value: 'due_today', label: '今日到期' },
  { value: 'due_soon', label: '3个工作日内到期' },
] as const
export type ComplaintDeadlineFilter =
  (typeof COMPLAINT_DEADLINE_FILTERS)[number]['value']

export const COMPLAINT_DUE_SOON_WORKDAYS = 3

export const COMPLAINT_QUEUE_SORTS = [
  { value: 'deadline', label: '按到期先后' },
  { value: 'newest', label: '按提交时间（新的在前）' },
] as const

/** A decision whose text still holds this is refused, so no blank is ever issued. */
export const DECISION_DRAFT_BLANK = '【待填写'
