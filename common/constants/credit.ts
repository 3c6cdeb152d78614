/**
 * Public credit records (不良行为记录 / 行政处罚公示) of the parties to bidding: who, what they
 * did, and what the authority decided. 招标投标违法行为记录公告暂行办法 art. 11: a record is
 * public for six months, then kept where it may still be looked up free of charge; a decision
 * that restricts a party for longer keeps it public until the restriction ends.
 */

/**
 * Whom a record is about. `value` is the console's 分类 of the kind (CONTENT_KIND_CATEGORIES);
 * `key` is stored and sent. A 评标专家 is a natural person and has no 统一社会信用代码.
 */
export const CREDIT_PARTY_KINDS = [
  { value: 1, key: 'bidder', label: '投标人' },
  { value: 2, key: 'agency', label: '招标代理机构' },
  { value: 3, key: 'expert', label: '评标专家' },
  { value: 4, key: 'tenderer', label: '招标人' },
] as const
export type CreditPartyKind = (typeof CREDIT_PARTY_KINDS)[number]['key']
export const CREDIT_PARTY_KIND_KEYS = CREDIT_PARTY_KINDS.map((k) => k.key) as [
  CreditPartyKind,
  ...CreditPartyKind[],
]
/** The party kinds that are natural persons: their records name no credit code. */
export const PERSON_PARTY_KINDS: readonly CreditPartyKind[] = ['expert']

export const creditPartyKind = (key: string) =>
  CREDIT_PARTY_KINDS.find((kind) => kind.key === key)

export const CREDIT_DECISION_TYPES = [
  { key: 'penalty', label: '行政处罚决定' },
  { key: 'handling', label: '处理决定' },
] as const
export type CreditDecisionType = (typeof CREDIT_DECISION_TYPES)[number]['key']
export const CREDIT_DECISION_TYPE_KEYS = CREDIT_DECISION_TYPES.map(
  (t) => t.key,
) as [CreditDecisionType, ...CreditDecisionType[]]

export const creditDecisionLabel = (key: string) =>
  CREDIT_DECISION_TYPES.find((type) => type.key === key)?.label ?? ''

/** 暂行办法 art. 11: six months from the decision. */
const CREDIT_PUBLIC_MONTHS = 6

export const CREDIT_STATUSES = [
  { key: 'public', label: '公示中' },
  { key: 'archived', label: '已归档（公示期满）' },
] as const
export type CreditStatus = (typeof CREDIT_STATUSES)[number]['key']
export const CREDIT_STATUS_KEYS = CREDIT_STATUSES.map((s) => s.key) as [
  CreditStatus,
  ...CreditStatus[],
]
export const CREDIT_STATUS_FILTERS = [...CREDIT_STATUS_KEYS, 'all'] as const
export type CreditStatusFilter = (typeof CREDIT_STATUS_FILTERS)[number]

export const creditStatusLabel = (key: string) =>
  CREDIT_STATUSES.find((status) => status.key === key)?.label ?? ''

export const CREDIT_LIMITS = {
  partyNameMax: 200,
  violationMax: 2000,
  legalBasisMax: 1000,
  decisionMax: 2000,
  authorityMax: 100,
  documentNumberMax: 100,
} as const

const pad = (n: number) => String(n).padStart(2, '0')

// The 31st of a month into a shorter one is its last day.
function addMonthsToDay(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [
    number,
    number,
    number,
  ]
  const index = year * 12 + (month - 1) + months
  const y = Math.floor(index / 12)
  const m = (index % 12) + 1
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return `${y}-${pad(m)}-${pad(Math.min(date, last))}`
}

/**
 * The last day a record is public: six months from its decision, or the last day of a longer
 * restriction the decision imposes (art. 11). Counted as the civil code counts a period
 * (民法典 arts. 201–202): the decision's own day does not count, and the period ends on the same
 * date six months on, or on that month's last day when it has no such date.
 */
export function creditPublicUntil(
  decisionDate: string,
  restrictionEndDate: string | null,
): string {
  const sixMonths = addMonthsToDay(decisionDate, CREDIT_PUBLIC_MONTHS)
  return restrictionEndDate && restrictionEndDate > sixMonths
    ? restrictionEndDate
    : sixMonths
}

/** Public on `today` (`YYYY-MM-DD`, Asia/Shanghai) until its last public day has passed. */
export const creditStatusOn = (
  publicUntil: string,
  today: string,
): CreditStatus => (today <= publicUntil ? 'public' : 'archived')
