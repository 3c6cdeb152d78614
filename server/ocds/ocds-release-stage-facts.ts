import type {
  BidEvaluationFacts,
  BidOpeningFacts,
  BidResultFacts,
  Party,
  TenderNoticeFacts,
} from '#common/schemas/content/stage-facts.ts'

import { AWARD_CRITERIA } from './ocds-codes.ts'
import type { PartyDirectory } from './ocds-parties.ts'
import {
  type OcdsProject,
  ocdsDate,
  type Release,
} from './ocds-release-event.ts'
import { reference } from './ocds-release-parties.ts'
import { cny } from './ocds-release-sections.ts'

// A construction tender's stages as their facts state them (stage-facts.ts in common/), in the
// fields of OCDS 1.1.5 and of the bids extension (schema/extensions/bids/), nothing else: what
// neither defines is left to the announcement's text. docs/api/ocds.md tabulates it.

// The extension as the registry lists it; schema/extensions/bids/ holds its files.
export const BIDS_EXTENSION_URL =
  'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/master/extension.json'

// A day of the facts, from 00:00 Beijing time.
const dayStart = (day: string) => ocdsDate(`${day} 00:00:00`)

const yuanText = (amount: number) =>
  `${amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}元`

const joined = (parts: (string | null | false)[]) =>
  parts.filter((part): part is string => !!part).join('；')

// A company bids once in a tender (the facts list it once): its bid has the same id in each
// stage's release, so that a record merges what the opening and the evaluation say of it.
const bidIdOf = (bidder: Party) => `bid-${bidder.creditCode}`

// tender.value is the ceiling (OCDS 1.1.5: "the total upper estimated value"), which the
// releases of the other stages state as the project's amount. The sale of the documents, the
// deadline and the opening are how bids are made (submissionMethodDetails); OCDS's
// enquiryPeriod is for questions and no field says when documents are on sale. The bid bond has
// no field in OCDS 1.1.5 or the bids extension: it is the tender's description.
export function noticeTender(facts: TenderNoticeFacts) {
  const description = joined([
    facts.noticeType === '资格预审公告' && facts.noticeType,
    facts.isRepeated && '重新招标',
    facts.bidBond !== null && `投标保证金：${yuanText(facts.bidBond)}`,
  ])
  return {
    ...(description ? { description } : {}),
    ...(facts.ceilingPrice !== null ? { value: cny(facts.ceilingPrice) } : {}),
    tenderPeriod: {
      startDate: dayStart(facts.documentsFrom),
      endDate: ocdsDate(facts.bidDeadline),
    },
    submissionMethodDetails: joined([
      `文件发售期：${facts.documentsFrom}至${facts.documentsUntil}`,
      `投标截止时间：${facts.bidDeadline}`,
      facts.openingTime !== null && `开标时间：${facts.openingTime}`,
      facts.openingPlace && `开标地点：${facts.openingPlace}`,
    ]),
    ...(facts.qualification
      ? { eligibilityCriteria: facts.qualification }
      : {}),
  }
}

// bidStatus: a bid opened is submitted and not yet evaluated (pending); one refused at the
// opening did not meet what a bid must (disqualified). Its date is the opening, which 招标投标法
// art. 34 holds at the deadline for bids: the record gives no time of receipt.
export function openingBids(
  facts: BidOpeningFacts,
  project: OcdsProject,
  parties: PartyDirectory,
) {
  const opened = project.openingTime ? ocdsDate(project.openingTime) : null
  const details = facts.bids.map((bid) => {
    const description = joined([
      !bid.opened && `开标时未开启：${bid.rejectionReason}`,
      bid.durationDays !== null && `工期：${bid.durationDays}日历天`,
      bid.quality && `质量：${bid.quality}`,
    ])
    return {
      id: bidIdOf(bid.bidder),
      ...(bid.opened && opened ? { date: opened } : {}),
      submissionType: 'bid',
      status: bid.opened ? 'pending' : 'disqualified',
      tenderers: [reference(bid.bidder.name, parties)],
      value: cny(bid.price),
      ...(description ? { description } : {}),
    }
  })
  return {
    statistics: [{ id: 'bids', measure: 'bids', value: facts.bids.length }],
    ...(details.length > 0 ? { details } : {}),
  }
}

// The candidates met the requirements (valid), ranked as the committee ranked them; the bids it
// rejected did not (disqualified). The bids it names neither stay as the opening left them.
export function evaluationBids(
  facts: BidEvaluationFacts,
  parties: PartyDirectory,
) {
  return {
    details: [
      ...facts.candidates
        .toSorted((a, b) => a.rank - b.rank)
        .map((candidate) => ({
          id: bidIdOf(candidate.bidder),
          status: 'valid',
          tenderers: [reference(candidate.bidder.name, parties)],
          value: cny(candidate.price),
          description: joined([
            `中标候选人第${candidate.rank}名`,
            candidate.score !== null && `评标得分：${candidate.score}`,
          ]),
          hasRank: true,
          rank: candidate.rank,
        })),
      ...facts.rejected.map((rejected) => ({
        id: bidIdOf(rejected.bidder),
        status: 'disqualified',
        tenderers: [reference(rejected.bidder.name, parties)],
        description: `评标委员会否决：${rejected.reason}`,
      })),
    ],
  }
}

export function evaluationTender(facts: BidEvaluationFacts) {
  return {
    awardCriteria: AWARD_CRITERIA[facts.method],
    awardCriteriaDetails: facts.method,
  }
}

// The evaluation's own dates and committee have no field of their own: they describe the
// publicity notice, the evaluation report's document.
export const evaluationNote = (facts: BidEvaluationFacts) =>
  joined([
    `评标报告提交日期：${facts.reportDate}`,
    `公示期：${facts.publicityStart}至${facts.publicityEnd}`,
    `评标委员会：${facts.committeeSize}人`,
  ])

// The award's date is the award notice's (中标通知书); its bid is the winner's.
export const resultAward = (facts: BidResultFacts) => ({
  date: dayStart(facts.awardNoticeDate),
  relatedBids: [bidIdOf(facts.winner)],
})

// One contract for the award, under the same id; signed (active) once it has its date.
export function resultContract(facts: BidResultFacts, awardId: string) {
  if (facts.contractDate === null && facts.contractAmount === null) return null
  return {
    id: awardId,
    awardID: awardId,
    status: facts.contractDate !== null ? 'active' : 'pending',
    ...(facts.contractAmount !== null
      ? { value: cny(facts.contractAmount) }
      : {}),
    ...(facts.contractDate !== null
      ? { dateSigned: dayStart(facts.contractDate) }
      : {}),
  }
}

export function usesBidsExtension(release: Release): boolean {
  const awards = (release.awards ?? []) as Record<string, unknown>[]
  return release.bids !== undefined || awards.some((a) => 'relatedBids' in a)
}
