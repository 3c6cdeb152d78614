import {
  TRADE_CATEGORIES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import { startOfShanghaiDay } from '#server/shared/publish-time.ts'
import { CONSTRUCTION_TEMPLATES } from './construction-stages.ts'
import {
  type DemoProject,
  type Offer,
  type StageDocument,
} from './demo-project.ts'
import { ProjectPeople, regionCodeOf } from './project-context.ts'
import { PROJECT_KINDS } from './project-kinds.ts'
import { createRandom, TemplateContext } from './template-context.ts'
import { TRADE_TEMPLATES } from './trade-stages.ts'
import { TARIM_COUNTIES } from './places.ts'

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

/** Projects per sub-type: 56 over the seven categories (spec §9). */
export const PROJECT_PLAN: Record<number, number> = {
  101: 8,
  102: 3,
  103: 3,
  104: 2,
  201: 4,
  202: 3,
  203: 3,
  301: 4,
  302: 2,
  401: 3,
  402: 2,
  501: 5,
  502: 2,
  601: 4,
  602: 2,
  701: 3,
  702: 3,
}
/** Days back of the last announcement for a category's first projects: every time preset lists some. */
const RECENT_DAYS = [0, 3, 11, 24]
const OLDEST_DAYS = 420

const CODE_PREFIX: Record<number, string> = {
  1: 'GC',
  2: 'CG',
  3: 'TD',
  4: 'TK',
  5: 'CK',
  6: 'CQ',
  7: 'ZC',
}

/** The approving authority's document number, by the kind of trade. */
function approvalNumber(
  category: number,
  short: string,
  c: TemplateContext,
): string {
  const office = {
    1: `发改${c.pick(['农经', '投资', '审批'])}`,
    2: '财采计',
    3: '政土',
    4: '自然资矿',
    5: '自然资矿',
    6: '国资产权',
    7: '财资',
  }[category]
  return `${short}${office}〔${c.year}〕${c.int(3, 160)}号`
}

const range = (c: TemplateContext, [min, max]: [number, number]) =>
  c.int(min, max)

/**
 * Days from the first announcement to each stage's, by category (and trade mode): the legal
 * minimums of each procedure, e.g. 20 days from a bid notice to the opening (招标投标法 §24),
 * three days of candidate publicity (条例 §54), 20 working days of a property listing.
 */
function stageOffsets(
  p: Pick<DemoProject, 'category' | 'subType' | 'tradeMode'>,
  c: TemplateContext,
): number[] {
  switch (p.category) {
    case 1: {
      const notice = c.int(2, 6)
      const registration = notice + c.int(7, 9)
      const opening = notice + c.int(21, 28)
      const evaluation = opening + c.int(1, 3)
      return [
        0,
        notice,
        registration,
        opening,
        evaluation,
        evaluation + c.int(4, 8),
      ]
    }
    case 2: {
      const notice = c.int(1, 4)
      const wait =
        p.tradeMode === '公开招标'
          ? c.int(21, 26)
          : p.tradeMode === '询价'
            ? c.int(5, 7)
            : c.int(11, 14)
      return [0, notice, notice + wait]
    }
    case 3:
      return [0, c.int(31, 36)]
    case 4:
    case 5:
      return [0, c.int(22, 30)]
    default:
      return [
        0,
        p.subType === 602
          ? c.int(58, 65)
          : p.subType === 702
            ? c.int(9, 14)
            : c.int(29, 38),
      ]
  }
}

function drawOffers(p: DemoProject, count: number): Offer[] {
  const { c, people } = p
  const names = new Set<string>()
  const isAuction = p.category >= 3
  const offers = Array.from({ length: count }, () => {
    const price = isAuction
      ? p.basePrice * (1 + c.random() * 0.35)
      : p.basePrice * (0.86 + c.random() * 0.13)
    return {
      name: people.company(
        names,
        isAuction
          ? 'buyer'
          : p.category === 2 && p.subType !== 202
            ? 'supplier'
            : 'works',
      ),
      price: Math.round(price * 100) / 100,
      days: p.term > 0 ? Math.max(30, p.term - c.int(0, 3) * 5) : 0,
      manager: people.manager(),
      score: Math.round((72 + c.random() * 23) * 100) / 100,
    }
  })
  // Tenders go to the best score; auctions and listings to the highest price.
  offers.sort((a, b) => (isAuction ? b.price - a.price : b.score - a.score))
  if (isAuction && count === 1) offers[0]!.price = p.basePrice
  return offers
}

/** Office hours on the day `offset` days after `first`; an opening at the bid deadline 10:30. */
function stageTime(
  first: Date,
  offset: number,
  stage: TradeStageKey,
  c: TemplateContext,
): Date {
  const day = startOfShanghaiDay(new Date(first.getTime() + offset * DAY_MS))
  const hours = stage === 'bidOpening' ? 10.5 : 9 + c.int(0, 17) / 2
  return new Date(day.getTime() + hours * HOUR_MS)
}

export type PlannedProject = DemoProject & {
  stages: { stage: TradeStageKey; time: Date; document: StageDocument }[]
}

const STAGE_TEMPLATES = { ...CONSTRUCTION_TEMPLATES, ...TRADE_TEMPLATES }

/**
 * The demo projects, without touching the database: deterministic for a given `now`, names
 * never repeated, every stage of the category's tab set published in order, the last no later
 * than `now`.
 */
export function planDemoProjects(now: Date, seed = 20250301): PlannedProject[] {
  const random = createRandom(seed)
  const today = startOfShanghaiDay(now)
  const names = new Set<string>()
  const planned: PlannedProject[] = []

  for (const category of TRADE_CATEGORIES) {
    const subTypes = category.subTypes.flatMap((s) =>
      Array.from({ length: PROJECT_PLAN[s.value] ?? 0 }, () => s),
    )
    // Shuffle (Fisher-Yates) so the recent projects are not all of one sub-type.
    for (let i = subTypes.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[subTypes[i], subTypes[j]] = [subTypes[j]!, subTypes[i]!]
    }
    const seen = new Map<number, number>()
    subTypes.forEach((subType, index) => {
      const nth = (seen.get(subType.value) ?? 0) + 1
      seen.set(subType.value, nth)
      const daysBack =
        RECENT_DAYS[index] ?? 30 + Math.floor(random() * (OLDEST_DAYS - 30))
      const lastDay = new Date(today.getTime() - daysBack * DAY_MS)
      let c = new TemplateContext(random, lastDay)
      let kind = PROJECT_KINDS[subType.value]!(c)
      for (let attempt = 0; names.has(kind.name) && attempt < 20; attempt++) {
        c = new TemplateContext(random, lastDay)
        kind = PROJECT_KINDS[subType.value]!(c)
      }
      // Two region-level (自治区本级) flood works on the Tarim, let by its basin authority.
      const isTarim = subType.value === 101 && (nth === 3 || nth === 6)
      const tarim = isTarim
        ? c.pick(
            TARIM_COUNTIES.filter(
              (t) => ![...names].some((n) => n.includes(t.county.name)),
            ),
          )
        : undefined
      if (tarim) {
        kind = {
          ...kind,
          name: `塔里木河干流${tarim.county.name}段防洪治理工程`,
          tenderer: '新疆塔里木河流域管理局',
          location: `${tarim.pref.name}${tarim.county.name}`,
          regionCode: '650000',
        }
      }
      if (names.has(kind.name))
        throw new Error(`Demo project name repeats: ${kind.name}`)
      names.add(kind.name)
      const pref = tarim?.pref ?? c.pref
      const people = new ProjectPeople(c)
      const basePrice =
        Math.round(
          (kind.price[0] + random() * (kind.price[1] - kind.price[0])) * 100,
        ) / 100
      const project: DemoProject = {
        code: `XJSL-${CODE_PREFIX[category.value]}-${c.year}-${String(planned.length + 1).padStart(3, '0')}`,
        name: kind.name,
        category: category.value,
        subType: subType.value,
        subTypeName: subType.label,
        regionCode: kind.regionCode ?? regionCodeOf(pref),
        pref,
        county: tarim?.county.name ?? c.county,
        location: kind.location ?? `${pref.name}${c.county}`,
        tenderer: kind.tenderer,
        agency:
          kind.agency ??
          (category.value <= 2 ? c.agency() : `${pref.short}公共资源交易中心`),
        venue:
          kind.venue ??
          (tarim
            ? '新疆维吾尔自治区公共资源交易中心'
            : `${pref.short}公共资源交易中心`),
        basePrice,
        amount: 0,
        tradeMode: kind.tradeMode,
        fundSource: kind.fundSource,
        approval: approvalNumber(
          category.value,
          (tarim?.county.name ?? c.county).slice(0, 1),
          c,
        ),
        term: kind.term,
        offers: [],
        times: {},
        facts: kind.facts,
        c,
        people,
      }
      project.offers = drawOffers(project, range(c, kind.offers))
      project.amount = project.offers[0]!.price

      const offsets = stageOffsets(project, c)
      const last = offsets.at(-1)!
      const first = new Date(lastDay.getTime() - last * DAY_MS)
      const stages = tradeCategory(category.value)!.stages
      stages.forEach((stage, i) => {
        let time = stageTime(first, offsets[i]!, stage, c)
        // Today's announcement never lies in the future.
        if (time > now)
          time = new Date(
            today.getTime() + (now.getTime() - today.getTime()) / 2,
          )
        project.times[stage] = time
      })
      planned.push({
        ...project,
        stages: stages.map((stage) => ({
          stage,
          time: project.times[stage]!,
          document: STAGE_TEMPLATES[stage]!(project),
        })),
      })
    })
  }
  return planned
}
