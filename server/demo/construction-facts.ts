import { createHash } from 'node:crypto'

import type { TradeStageKey } from '#common/constants/trade.ts'
import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import { creditCodeCheckCharacter } from '#common/schemas/credit.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'

import { scheduled, stageTime, type DemoProject } from './demo-project.ts'

// The facts of a demo tender's stages, drawn from the same plan as its announcements' text, so
// that what the page says and what supervision reads agree. A few tenders are given facts that
// break a rule the text does not state (the committee's size, the contract's date, the day of the
// evaluation report), so that
// the 监督预警 queue has something to show from the first start.

const DAY_MS = 86_400_000
const CODE_CHARACTERS = '0123456789ABCDEFGHJKLMNPQRTUWXY'

/** A company's 统一社会信用代码, the same for its name in every project (one party). */
export function demoCreditCode(name: string): string {
  const hash = createHash('sha256').update(name).digest()
  const body = Array.from(
    { length: 9 },
    (_, i) => CODE_CHARACTERS[hash[i]! % CODE_CHARACTERS.length],
  ).join('')
  const first17 = `91650100${body}`
  return `${first17}${creditCodeCheckCharacter(first17)}`
}

const day = (date: Date) => toShanghaiText(date).slice(0, 10)
const after = (date: Date, days: number) =>
  new Date(date.getTime() + days * DAY_MS)
const yuan = (wan: number) => Math.round(wan * 10000 * 100) / 100
const party = (name: string) => ({ name, creditCode: demoCreditCode(name) })

// By the project's number: every seventh committee has 6 members, every eleventh contract is
// signed late, and every thirteenth report waited five days for its publicity.
const numberOf = (p: DemoProject) => Number(p.code.slice(-3))
const hasShortCommittee = (p: DemoProject) => numberOf(p) % 7 === 3
const hasLateContract = (p: DemoProject) => numberOf(p) % 11 === 5
const hasLatePublicity = (p: DemoProject) => numberOf(p) % 13 === 6

export function demoStageFacts(
  p: DemoProject,
  stage: TradeStageKey,
  now: Date,
): StageFacts | null {
  if (p.category !== 1) return null
  switch (stage) {
    case 'bidNotice': {
      const opening = toShanghaiText(scheduled(p, 'openingTime'))
      return {
        stage,
        noticeType: '招标公告',
        documentsFrom: day(stageTime(p, 'bidNotice')),
        documentsUntil: day(scheduled(p, 'registrationDeadline')),
        bidDeadline: opening,
        openingTime: opening,
        openingPlace: `${p.venue}开标室`,
        ceilingPrice: yuan(p.basePrice),
        // As the tender documents state it: 1.5 % of the ceiling, in whole 万元.
        bidBond: yuan(Math.max(1, Math.round(p.basePrice * 0.015))),
        qualification: '',
        isRepeated: false,
      }
    }
    case 'bidOpening':
      return {
        stage,
        bids: [...p.offers]
          .sort((a, b) => a.name.localeCompare(b.name, 'zh'))
          .map((offer) => ({
            bidder: party(offer.name),
            price: yuan(offer.price),
            durationDays: offer.days > 0 ? offer.days : null,
            quality: '合格',
            opened: true,
            rejectionReason: '',
          })),
      }
    case 'bidEvaluation': {
      const start = stageTime(p, 'bidEvaluation')
      return {
        stage,
        method: '综合评估法',
        reportDate: day(after(start, hasLatePublicity(p) ? -5 : -1)),
        publicityStart: day(start),
        publicityEnd: day(after(start, 3)),
        committeeSize: hasShortCommittee(p) ? 6 : 7,
        candidates: p.offers.slice(0, 3).map((offer, i) => ({
          rank: i + 1,
          bidder: party(offer.name),
          price: yuan(offer.price),
          score: offer.score,
        })),
        rejected: [],
      }
    }
    case 'bidResult': {
      const award = stageTime(p, 'bidResult')
      const signed = after(award, hasLateContract(p) ? 38 : 21)
      const winner = p.offers[0]!
      return {
        stage,
        winner: party(winner.name),
        price: yuan(winner.price),
        awardNoticeDate: day(award),
        contractDate: signed <= now ? day(signed) : null,
        contractAmount: signed <= now ? yuan(winner.price) : null,
      }
    }
    default:
      return null
  }
}
