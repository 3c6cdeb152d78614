import { creditCodeCheckCharacter } from '#common/schemas/credit.ts'
import {
  type BidEvaluationFacts,
  BidEvaluationFactsSchema,
  type BidOpeningFacts,
  BidOpeningFactsSchema,
  type BidResultFacts,
  BidResultFactsSchema,
  type TenderNoticeFacts,
  TenderNoticeFactsSchema,
} from '#common/schemas/content/stage-facts.ts'

// One tender's facts, stage by stage, each checked against its schema so that it cannot drift
// from what the server stores and answers.

const creditCode = (first17: string) =>
  `${first17}${creditCodeCheckCharacter(first17)}`

export const bidders = {
  first: {
    name: '新疆水利水电工程有限公司',
    creditCode: creditCode('91650100MA776K2P5'),
  },
  second: {
    name: '新疆天山建设集团有限公司',
    creditCode: creditCode('91650104MA77QMRX3'),
  },
  third: {
    name: '昌吉州恒通路桥有限公司',
    creditCode: creditCode('91652300MA78K5L21'),
  },
  fourth: {
    name: '伊犁河水利建设有限公司',
    creditCode: creditCode('91654000MA7B8KQ2W'),
  },
}

export const tenderNoticeFacts: TenderNoticeFacts =
  TenderNoticeFactsSchema.parse({
    stage: 'bidNotice',
    noticeType: '招标公告',
    documentsFrom: '2025-04-02',
    documentsUntil: '2025-04-09',
    bidDeadline: '2025-04-24 10:30:00',
    openingTime: '2025-04-24 10:30:00',
    openingPlace: '昌吉州公共资源交易中心开标二室',
    ceilingPrice: 28_564_000,
    bidBond: 500_000,
    qualification: '水利水电工程施工总承包二级及以上资质',
  })

export const bidOpeningFacts: BidOpeningFacts = BidOpeningFactsSchema.parse({
  stage: 'bidOpening',
  bids: [
    {
      bidder: bidders.first,
      price: 27_980_512.5,
      durationDays: 365,
      quality: '合格',
    },
    {
      bidder: bidders.second,
      price: 28_100_000,
      durationDays: 360,
      quality: '合格',
    },
    {
      bidder: bidders.third,
      price: 26_500_000,
      durationDays: 365,
      quality: '合格',
      opened: false,
      rejectionReason: '投标文件逾期送达',
    },
    {
      bidder: bidders.fourth,
      price: 25_300_000,
      durationDays: 330,
      quality: '合格',
    },
  ],
})

export const bidEvaluationFacts: BidEvaluationFacts =
  BidEvaluationFactsSchema.parse({
    stage: 'bidEvaluation',
    method: '综合评估法',
    reportDate: '2025-04-25',
    publicityStart: '2025-04-27',
    publicityEnd: '2025-04-29',
    committeeSize: 7,
    candidates: [
      { rank: 1, bidder: bidders.first, price: 27_980_512.5, score: 92.35 },
      { rank: 2, bidder: bidders.second, price: 28_100_000, score: 88.1 },
    ],
    rejected: [
      { bidder: bidders.fourth, reason: '未按招标文件要求提交投标保证金' },
    ],
  })

export const bidResultFacts: BidResultFacts = BidResultFactsSchema.parse({
  stage: 'bidResult',
  winner: bidders.first,
  price: 27_980_512.5,
  awardNoticeDate: '2025-05-06',
  contractDate: '2025-05-20',
  contractAmount: 27_980_512.5,
})
