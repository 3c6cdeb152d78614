import { ARTICLE_CATEGORY_NAMES } from './articles.ts'
import { CREDIT_PARTY_KINDS } from './credit.ts'
import { FOOTER_LINK_TYPES, footerGroupLabel } from './site.ts'
import type { StaffRole } from './staff.ts'
import {
  LINKAGE_STATUSES,
  TRADE_CATEGORIES,
  TRADE_STAGE_KEYS,
  TRADE_STAGES,
  type TradeStageKey,
} from './trade.ts'

/**
 * Published through the console's review workflow (先审后发: nothing reaches the public side
 * unless someone other than its author approved it). homeLinks, footerLinks, dictionary and
 * siteSettings hold a whole list in one item, so a reviewer reviews one coherent change and its
 * diff reads as the list.
 */
export const CONTENT_KINDS = [
  'article',
  'policy',
  'project',
  'announcement',
  'linkage',
  'credit',
  'homeLinks',
  'footerLinks',
  'dictionary',
  'siteSettings',
] as const
export type ContentKind = (typeof CONTENT_KINDS)[number]

export const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  article: '新闻公告',
  policy: '政策法规',
  project: '项目',
  announcement: '阶段公告',
  linkage: '联动监管记录',
  credit: '信用记录',
  homeLinks: '首页链接',
  footerLinks: '页脚链接',
  dictionary: '数据字典',
  siteSettings: '站点设置',
}

/** The stage's place in TRADE_STAGES, from 1: an announcement's 分类 in the console. */
export const stageNumber = (stage: TradeStageKey): number =>
  TRADE_STAGE_KEYS.indexOf(stage) + 1

/** The numbers of the kinds overlap: the console list filters by one only with its kind. */
export const CONTENT_KIND_CATEGORIES: Record<ContentKind, readonly number[]> = {
  article: [1073, 1002, 1001, 1080],
  policy: [927, 928, 929, 1070],
  project: TRADE_CATEGORIES.map((category) => category.value),
  announcement: TRADE_STAGE_KEYS.map(stageNumber),
  linkage: LINKAGE_STATUSES.map((status) => status.value),
  credit: CREDIT_PARTY_KINDS.map((kind) => kind.value),
  homeLinks: [],
  footerLinks: FOOTER_LINK_TYPES,
  dictionary: [],
  siteSettings: [],
}

export function contentCategoryName(
  kind: ContentKind,
  categoryId: number | null,
): string {
  if (categoryId === null) return ''
  switch (kind) {
    case 'project':
      return TRADE_CATEGORIES.find((c) => c.value === categoryId)?.label ?? ''
    case 'announcement': {
      const stage = TRADE_STAGE_KEYS[categoryId - 1]
      return stage ? TRADE_STAGES[stage] : ''
    }
    case 'linkage':
      return LINKAGE_STATUSES.find((s) => s.value === categoryId)?.label ?? ''
    case 'credit':
      return CREDIT_PARTY_KINDS.find((k) => k.value === categoryId)?.label ?? ''
    case 'footerLinks':
      return footerGroupLabel(categoryId)
    case 'homeLinks':
    case 'dictionary':
    case 'siteSettings':
      return ''
    default:
      return ARTICLE_CATEGORY_NAMES[categoryId] ?? ''
  }
}

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
