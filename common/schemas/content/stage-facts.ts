import { z } from 'zod'

import { DateTimeTextSchema } from '../article.ts'
import { CreditCodeSchema } from '../credit.ts'
import { DateTextSchema, requiredText, shortText } from './field-parts.ts'

// The facts of a tender's stages (工程建设: 招标公告, 开标记录, 评标结果公示, 中标结果公告) as data
// beside each announcement's HTML body, so that supervision can check a tender against the law
// (server/supervision). Amounts are in 元 with at most two decimals; a company is one party across
// all projects through its 统一社会信用代码.

const BIDS_MAX = 200
const CANDIDATES_MAX = 10

const yuan = (label: string) =>
  z
    .number({ error: `请输入${label}（元）` })
    .min(0, `${label}不能为负数`)
    .max(1e12, `${label}过大，请以元为单位填写`)
    // By its shortest decimal form: at hundreds of millions of 元, value × 100 is no longer exact.
    .refine(
      (value) => /^\d+(\.\d{1,2})?$/.test(String(value)),
      `${label}最多保留两位小数`,
    )

export const PartySchema = z.object({
  name: requiredText('单位名称', 200),
  creditCode: CreditCodeSchema,
})
export type Party = z.infer<typeof PartySchema>

const date = (label: string) =>
  z.string({ error: `请填写${label}` }).pipe(DateTextSchema)
const dateTime = (label: string) =>
  z.string({ error: `请填写${label}` }).pipe(DateTimeTextSchema)

export const NOTICE_TYPES = ['招标公告', '资格预审公告'] as const

/** 招标公告 / 资格预审公告. */
export const TenderNoticeFactsSchema = z
  .object({
    stage: z.literal('bidNotice'),
    noticeType: z.enum(NOTICE_TYPES, '请选择公告类型'),
    /** 招标（资格预审）文件发售期: its first and last day. The first is the documents' first issue. */
    documentsFrom: date('文件发售开始日期'),
    documentsUntil: date('文件发售截止日期'),
    /** 投标（申请）截止时间. */
    bidDeadline: dateTime('投标截止时间'),
    openingTime: dateTime('开标时间').nullable().default(null),
    openingPlace: shortText('开标地点', 200),
    /** 最高投标限价; null where the tender sets none. */
    ceilingPrice: yuan('最高投标限价').nullable().default(null),
    /** 投标保证金; null where none is asked. */
    bidBond: yuan('投标保证金').nullable().default(null),
    qualification: shortText('资质要求', 500),
    /** 重新招标: the tender is a repetition after one that failed (招标投标法 art. 28). */
    isRepeated: z.boolean().default(false),
  })
  .superRefine((facts, ctx) => {
    if (facts.documentsUntil < facts.documentsFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['documentsUntil'],
        message: '文件发售截止日期不能早于发售开始日期',
      })
    if (facts.bidDeadline.slice(0, 10) < facts.documentsFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['bidDeadline'],
        message: '投标截止时间不能早于文件发售开始日期',
      })
    if (facts.openingTime !== null && facts.openingTime < facts.bidDeadline)
      ctx.addIssue({
        code: 'custom',
        path: ['openingTime'],
        message: '开标时间不能早于投标截止时间',
      })
  })
export type TenderNoticeFacts = z.infer<typeof TenderNoticeFactsSchema>

export const OpenedBidSchema = z
  .object({
    bidder: PartySchema,
    price: yuan('投标报价'),
    /** 工期（日历天）; null where the tender asks none. */
    durationDays: z
      .number()
      .int('工期应为整数天')
      .min(1, '工期至少为1天')
      .max(10_000, '工期过长')
      .nullable()
      .default(null),
    quality: shortText('质量承诺', 100),
    /** false: rejected at the opening (开标时拒收或当场否决); the reason then says why. */
    opened: z.boolean().default(true),
    rejectionReason: shortText('拒收原因', 200),
  })
  .superRefine((bid, ctx) => {
    if (!bid.opened && !bid.rejectionReason)
      ctx.addIssue({
        code: 'custom',
        path: ['rejectionReason'],
        message: '开标时未开启的投标须写明原因',
      })
  })
export type OpenedBid = z.infer<typeof OpenedBidSchema>

const distinctBidders = <T extends { bidder: Party }>(
  rows: T[],
  ctx: z.RefinementCtx,
  path: string,
) => {
  const seen = new Set<string>()
  rows.forEach((row, i) => {
    if (seen.has(row.bidder.creditCode))
      ctx.addIssue({
        code: 'custom',
        path: [path, i, 'bidder', 'creditCode'],
        message: `统一社会信用代码 ${row.bidder.creditCode} 重复：同一单位只列一次`,
      })
    seen.add(row.bidder.creditCode)
  })
}

/** 开标记录: every bid received, in the order of the record. */
export const BidOpeningFactsSchema = z
  .object({
    stage: z.literal('bidOpening'),
    bids: z
      .array(OpenedBidSchema)
      .max(BIDS_MAX, `投标人不能超过${BIDS_MAX}家`)
      .default([]),
  })
  .superRefine((facts, ctx) => distinctBidders(facts.bids, ctx, 'bids'))
export type BidOpeningFacts = z.infer<typeof BidOpeningFactsSchema>

export const EVALUATION_METHODS = [
  '综合评估法',
  '经评审的最低投标价法',
] as const

export const CandidateSchema = z.object({
  rank: z
    .number()
    .int('名次应为整数')
    .min(1, '名次从1开始')
    .max(CANDIDATES_MAX),
  bidder: PartySchema,
  price: yuan('投标报价'),
  /** 评标得分; null under 经评审的最低投标价法. */
  score: z.number().min(0).max(1000).nullable().default(null),
})
export type Candidate = z.infer<typeof CandidateSchema>

export const RejectedBidSchema = z.object({
  bidder: PartySchema,
  reason: requiredText('否决理由', 500),
})
export type RejectedBid = z.infer<typeof RejectedBidSchema>

/** 评标结果公示 (中标候选人公示). */
export const BidEvaluationFactsSchema = z
  .object({
    stage: z.literal('bidEvaluation'),
    method: z.enum(EVALUATION_METHODS, '请选择评标办法'),
    /** The day the committee handed in its report (评标报告). */
    reportDate: date('评标报告提交日期'),
    publicityStart: date('公示开始日期'),
    publicityEnd: date('公示结束日期'),
    committeeSize: z
      .number({ error: '请填写评标委员会人数' })
      .int('评标委员会人数应为整数')
      .min(1, '评标委员会人数至少为1')
      .max(99, '评标委员会人数过多'),
    candidates: z
      .array(CandidateSchema)
      .min(1, '请至少列出一名中标候选人')
      .max(CANDIDATES_MAX, `中标候选人不能超过${CANDIDATES_MAX}名`),
    rejected: z.array(RejectedBidSchema).max(BIDS_MAX).default([]),
  })
  .superRefine((facts, ctx) => {
    if (facts.publicityEnd < facts.publicityStart)
      ctx.addIssue({
        code: 'custom',
        path: ['publicityEnd'],
        message: '公示结束日期不能早于公示开始日期',
      })
    if (facts.publicityStart < facts.reportDate)
      ctx.addIssue({
        code: 'custom',
        path: ['publicityStart'],
        message: '公示开始日期不能早于评标报告提交日期',
      })
    const ranks = facts.candidates.map((c) => c.rank)
    if (new Set(ranks).size !== ranks.length)
      ctx.addIssue({
        code: 'custom',
        path: ['candidates'],
        message: '中标候选人的名次不能重复',
      })
    distinctBidders(facts.candidates, ctx, 'candidates')
    distinctBidders(facts.rejected, ctx, 'rejected')
  })
export type BidEvaluationFacts = z.infer<typeof BidEvaluationFactsSchema>

/** 中标结果公告. */
export const BidResultFactsSchema = z.object({
  stage: z.literal('bidResult'),
  winner: PartySchema,
  price: yuan('中标价'),
  /** 中标通知书 issued on. */
  awardNoticeDate: date('中标通知书发出日期'),
  /** 合同签订: filled in once the contract is signed (招标投标法 art. 46). */
  contractDate: date('合同签订日期').nullable().default(null),
  contractAmount: yuan('合同金额').nullable().default(null),
})
export type BidResultFacts = z.infer<typeof BidResultFactsSchema>

export const StageFactsSchema = z.discriminatedUnion('stage', [
  TenderNoticeFactsSchema,
  BidOpeningFactsSchema,
  BidEvaluationFactsSchema,
  BidResultFactsSchema,
])
export type StageFacts = z.infer<typeof StageFactsSchema>
export type StageWithFacts = StageFacts['stage']
export const STAGES_WITH_FACTS: readonly StageWithFacts[] = [
  'bidNotice',
  'bidOpening',
  'bidEvaluation',
  'bidResult',
]
export const hasFacts = (stage: string): stage is StageWithFacts =>
  (STAGES_WITH_FACTS as readonly string[]).includes(stage)
