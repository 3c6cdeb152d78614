import type { TradeStageKey } from '#common/constants/trade.ts'
import type { Prefecture } from './places.ts'
import type { ProjectPeople } from './project-context.ts'
import type { AttachmentSpec, TemplateContext } from './template-context.ts'

/** A bidder (or supplier, bidder at auction, buyer) with its offer in 万元. */
export type Offer = {
  name: string
  price: number
  /** Construction: days offered; others: unused. */
  days: number
  manager: string
  score: number
}

/** Everything the stage templates of one demo project draw on; fixed before any text is written. */
export type DemoProject = {
  code: string
  name: string
  category: number
  subType: number
  subTypeName: string
  regionCode: string
  pref: Prefecture
  county: string
  location: string
  tenderer: string
  agency: string
  /** Where the trade is held: a public resource trading centre or the property exchange. */
  venue: string
  /** The ceiling or starting price, 万元. */
  basePrice: number
  /** The price traded at, 万元 (the project's amount). */
  amount: number
  tradeMode: string
  fundSource: string
  /** Approval document number of the project. */
  approval: string
  /** Construction period or service/lease term, in days (construction) or months (others). */
  term: number
  /** Offers, the winning one first. */
  offers: Offer[]
  /** Publish time of each stage of the category's tab set, in order. */
  times: Partial<Record<TradeStageKey, Date>>
  /** A tender's registration deadline and bid opening; null for auctions and listings. */
  schedule: { registrationDeadline: Date | null; openingTime: Date | null }
  /** Free facts a category's templates need (parcel area, mineral, share held…). */
  facts: Record<string, string>
  c: TemplateContext
  people: ProjectPeople
}

export type StageDocument = {
  title: string
  content: string
  attachments: AttachmentSpec[]
}

export type StageTemplate = (p: DemoProject) => StageDocument

export function stageTime(p: DemoProject, stage: TradeStageKey): Date {
  const time = p.times[stage]
  if (!time) throw new Error(`${p.code} has no ${stage} time`)
  return time
}

/** A tender's registration deadline or opening, which its notices state. */
export function scheduled(
  p: DemoProject,
  key: keyof DemoProject['schedule'],
): Date {
  const time = p.schedule[key]
  if (!time) throw new Error(`${p.code} has no ${key}`)
  return time
}
