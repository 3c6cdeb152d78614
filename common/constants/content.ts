import type { StaffRole } from './staff.ts'

export const ROLE_EDITOR: StaffRole = '内容编辑'
export const ROLE_REVIEWER: StaffRole = '内容审核'
export const CONTENT_READ_ROLES: StaffRole[] = [ROLE_EDITOR, ROLE_REVIEWER]

/**
 * A revision's state:
 * - draft: being written by an editor; returned: sent back by a reviewer with a comment, to
 *   be fixed and submitted again (both are edited in place);
 * - submitted: waiting for a reviewer; scheduled: approved, published at its time;
 * - published: what the public side shows now; superseded: published once, replaced by a
 *   later revision (kept for the history);
 * - discarded: an unpublished draft its editor threw away (kept for the history).
 */
export const REVISION_STATES = [
  'draft',
  'returned',
  'submitted',
  'scheduled',
  'published',
  'superseded',
  'discarded',
] as const
export type RevisionState = (typeof REVISION_STATES)[number]

export const REVISION_STATE_LABELS: Record<RevisionState, string> = {
  draft: '草稿',
  returned: '已退回',
  submitted: '待审核',
  scheduled: '定时发布',
  published: '已发布',
  superseded: '已被更新',
  discarded: '已放弃',
}

export const ITEM_STATES = ['unpublished', 'published', 'withdrawn'] as const
export type ItemState = (typeof ITEM_STATES)[number]
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  unpublished: '未发布',
  published: '已发布',
  withdrawn: '已撤回',
}

/** The refusals the console shows word for word (issue: stale edits, double approval). */
export const CONTENT_REFUSALS = {
  stale: '内容已被他人修改',
  alreadyReviewed: '该修订已被他人审核',
  ownDraft: '不能审核自己撰写的修订',
  pastSchedule: '定时发布时间须晚于当前时间',
  projectNotPublished: '所属项目尚未发布或已撤回，请先发布项目',
  settingsNotWithdrawn: '站点设置不能撤回；如需更改，请修改后提交审核',
} as const

export const CONTENT_LIMITS = {
  titleMax: 200,
  summaryMax: 500,
  /** Characters of sanitized HTML: about 40 pages of text. */
  contentMax: 200_000,
  /** Elements of the body as sent: ten characters each at the longest body. */
  elementsMax: 20_000,
  sourceMax: 50,
  attachmentsMax: 20,
  commentMax: 500,
  reasonMax: 500,
} as const
export const MAX_SCHEDULE_DAYS = 366

/** A returned revision is fixed in place and submitted again, so it may be returned several times. */
export const REVIEW_OUTCOMES = [
  'returned',
  'approved',
  'scheduled',
  'schedule-cancelled',
  'schedule-failed',
] as const
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number]

export const REVIEW_OUTCOME_LABELS: Record<ReviewOutcome, string> = {
  returned: '退回',
  approved: '通过并发布',
  scheduled: '通过，定时发布',
  'schedule-cancelled': '取消定时',
  'schedule-failed': '定时发布未能执行',
}
