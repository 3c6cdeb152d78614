import {
  TRADE_CATEGORIES,
  tradeCategory,
  type TradeStageKey,
} from '#common/constants/trade.ts'
import {
  fromShanghaiText,
  startOfShanghaiDay,
  toShanghaiText,
} from '#server/shared/publish-time.ts'
import { demoStageFacts } from './construction-facts.ts'
import { CONSTRUCTION_TEMPLATES } from './construction-stages.ts'
import type { StageFacts } from '#common/schemas/content/stage-facts.ts'
import type { DemoProject, Offer, StageDocument } from './demo-project.ts'
import { ProjectPeople, regionCodeOf } from './project-context.ts'
import { PROJECT_KINDS } from './project-kinds.ts'
import { createRandom, TemplateContext } from './template-context.ts'
import { TRADE_TEMPLATES } from './trade-stages.ts'
import {
  COMPANY_STEMS,
  PREFECTURES,
  RIVERS,
  TARIM_COUNTIES,
  WATER_STEMS,
} from './places.ts'
import { createWorkdays, type Workdays } from './workdays.ts'

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
  /** The announcements published, in stage order: every stage, or the first ones of a live trade. */
  stages: {
    stage: TradeStageKey
    time: Date
    document: StageDocument
    /** The stage's facts as data (construction tenders); null for the others. */
    facts: StageFacts | null
  }[]
  /** Whether the trade is still under way: its last stages are yet to come. */
  isLive: boolean
}

const STAGE_TEMPLATES = { ...CONSTRUCTION_TEMPLATES, ...TRADE_TEMPLATES }

/** Place words, longest first: what a name's shape leaves out. */
const PLACE_WORDS = [
  ...PREFECTURES.flatMap((p) => [p.name, p.short]),
  ...PREFECTURES.flatMap((p) => p.counties.map((c) => c.name)),
  ...RIVERS,
  ...WATER_STEMS,
  ...COMPANY_STEMS,
].sort((a, b) => b.length - a.length)

/** A name without its places and figures: names of one shape read as the same project. */
function nameShape(name: string) {
  return PLACE_WORDS.reduce(
    (rest, word) => rest.replaceAll(word, '〇'),
    name,
  ).replace(/[\d-]+/g, '#')
}
const MAX_SHAPE_USES = 3

type Draft = {
  random: () => number
  names: Set<string>
  category: (typeof TRADE_CATEGORIES)[number]
  subType: { value: number; label: string }
  /** The day the templates date the project by (its last announcement's, or today). */
  day: Date
  /** Its running number among all demo projects, from 1. */
  number: number
  isTarim: boolean
}

/** A project's facts, people and offers, its name unused so far; no times yet. */
function draftProject(d: Draft): DemoProject {
  const { random, names, category, subType } = d
  let c = new TemplateContext(random, d.day)
  let kind = PROJECT_KINDS[subType.value]!(c)
  const shapes = [...names].map(nameShape)
  const isWorn = (name: string) =>
    names.has(name) ||
    shapes.filter((shape) => shape === nameShape(name)).length >= MAX_SHAPE_USES
  for (let attempt = 0; isWorn(kind.name) && attempt < 20; attempt++) {
    c = new TemplateContext(random, d.day)
    kind = PROJECT_KINDS[subType.value]!(c)
  }
  const tarim = d.isTarim
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
    code: `XJSL-${CODE_PREFIX[category.value]}-${c.year}-${String(d.number).padStart(3, '0')}`,
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
    schedule: { registrationDeadline: null, openingTime: null },
    facts: kind.facts,
    c,
    people,
  }
  project.offers = drawOffers(project, range(c, kind.offers))
  project.amount = project.offers[0]!.price
  return project
}

/** The instant `hours` after midnight of a Shanghai day 'YYYY-MM-DD'. */
const atHour = (day: string, hours: number) =>
  new Date(fromShanghaiText(`${day} 00:00:00`).getTime() + hours * HOUR_MS)
const dayOf = (date: Date) => toShanghaiText(date).slice(0, 10)
/** Office hours, 09:00 to 16:00 on the half hour. */
const officeHour = (c: TemplateContext) => 9 + c.int(0, 14) / 2
/** Registration closes at the end of the afternoon. */
const DEADLINE_HOUR = 17.5

/**
 * The dates of a tender (工程建设, 政府采购) that the home page and the list show: the
 * registration deadline (报名, 获取招标文件 closes) and the bid opening. Construction states them
 * in its stage times; a procurement's response deadline (its opening) lies a day or two before
 * its result, and its documents are offered for five days from the notice.
 */
function completedSchedule(
  p: DemoProject,
  work: Workdays,
): DemoProject['schedule'] {
  if (p.category === 1)
    return {
      registrationDeadline: p.times.bidRegistration ?? null,
      openingTime: p.times.bidOpening ?? null,
    }
  if (p.category === 2) {
    const notice = p.times.procurementNotice!
    const result = p.times.procurementResult!
    const opening = new Date(result.getTime() - p.c.int(1, 2) * DAY_MS)
    return procurementSchedule(notice, opening, work)
  }
  return { registrationDeadline: null, openingTime: null }
}

function procurementSchedule(notice: Date, opening: Date, work: Workdays) {
  const documentsEnd = atHour(
    work.onOrAfter(work.addDays(dayOf(notice), 5)),
    DEADLINE_HOUR,
  )
  // A 询价 may take responses before five days are out: registration then closes with them.
  return {
    registrationDeadline: documentsEnd < opening ? documentsEnd : opening,
    openingTime: opening,
  }
}

/**
 * A live trade of the demo, fixed relative to the day the demo is made: its bid opening or its
 * registration deadline falls on that day (0) or that many working days after (or, negative,
 * before) it.
 */
type LiveSlot = {
  subType: number
  opening?: number
  deadline?: number
  /** The opening's time of day, 10:30 unless said. */
  hour?: number
}

/**
 * Trades under way on the demo's first day: openings the week before, that day and the days
 * after; registrations closing that day and after. The day itself counts whatever the calendar
 * says, so that a fresh demo always has business today; every other date is a working day.
 */
const LIVE_SLOTS: LiveSlot[] = [
  { subType: 101, opening: -4 },
  { subType: 103, opening: -1 },
  { subType: 101, opening: 0 },
  { subType: 102, opening: 0, hour: 15 },
  { subType: 101, opening: 1 },
  { subType: 104, opening: 3 },
  { subType: 101, deadline: 0 },
  { subType: 102, deadline: 2 },
  { subType: 103, deadline: 4 },
  { subType: 201, opening: 0, hour: 11 },
  { subType: 203, opening: 2 },
  { subType: 202, deadline: 1 },
]

/** Days from the notice to the opening of a procurement, by its mode (as completed ones). */
function procurementWait(p: DemoProject, c: TemplateContext) {
  return p.tradeMode === '公开招标'
    ? c.int(21, 26)
    : p.tradeMode === '询价'
      ? c.int(5, 7)
      : c.int(11, 14)
}

/**
 * Every stage time of a live trade, the future ones included (templates refer to them), on
 * working days. Construction: the notice at least 21 days before the opening (招标投标法 §24:
 * 20), registration closing two weeks before it (条例 §16: five days at least).
 */
function liveTimes(
  p: DemoProject,
  slot: LiveSlot,
  today: string,
  work: Workdays,
): void {
  const { c } = p
  const anchor = (offset: number) =>
    offset === 0 ? today : work.shift(today, offset)
  const back = (day: string, days: number) =>
    work.onOrBefore(work.addDays(day, -days))
  const ahead = (day: string, days: number) =>
    work.onOrAfter(work.addDays(day, days))
  if (p.category === 1) {
    let openingDay: string
    let deadlineDay: string
    if (slot.opening !== undefined) {
      openingDay = anchor(slot.opening)
      deadlineDay = back(openingDay, c.int(14, 16))
    } else {
      deadlineDay = anchor(slot.deadline!)
      openingDay = ahead(deadlineDay, c.int(14, 16))
    }
    const noticeDay = back(deadlineDay, c.int(7, 9))
    const entryDay = back(noticeDay, c.int(2, 6))
    const evaluationDay = work.shift(openingDay, c.int(1, 2))
    const resultDay = work.shift(evaluationDay, c.int(3, 5))
    p.times = {
      entry: atHour(entryDay, officeHour(c)),
      bidNotice: atHour(noticeDay, officeHour(c)),
      bidRegistration: atHour(deadlineDay, DEADLINE_HOUR),
      bidOpening: atHour(openingDay, slot.hour ?? 10.5),
      bidEvaluation: atHour(evaluationDay, officeHour(c)),
      bidResult: atHour(resultDay, officeHour(c)),
    }
    p.schedule = completedSchedule(p, work)
    return
  }
  const wait = procurementWait(p, c)
  let openingDay: string
  let noticeDay: string
  if (slot.opening !== undefined) {
    openingDay = anchor(slot.opening)
    noticeDay = back(openingDay, wait)
  } else {
    const deadlineDay = anchor(slot.deadline!)
    noticeDay = back(deadlineDay, 5)
    openingDay = ahead(deadlineDay, Math.max(0, wait - 5))
  }
  const opening = atHour(openingDay, slot.hour ?? 10)
  p.times = {
    entry: atHour(back(noticeDay, c.int(1, 4)), officeHour(c)),
    procurementNotice: atHour(noticeDay, officeHour(c)),
    procurementResult: atHour(work.shift(openingDay, c.int(1, 3)), 16),
  }
  p.schedule = procurementSchedule(p.times.procurementNotice!, opening, work)
  if (slot.deadline !== undefined) {
    // Documents are offered until the day the slot names; a 询价 may open that very morning.
    const deadline = atHour(anchor(slot.deadline), DEADLINE_HOUR)
    p.schedule.registrationDeadline = deadline < opening ? deadline : opening
  }
}

/**
 * The demo projects, without touching the database: deterministic for a given `now`, names
 * never repeated. The concluded ones publish every stage of the category's tab set in order,
 * the last no later than `now`; then the live ones (LIVE_SLOTS) publish the stages dated
 * before the demo's first day, never their last.
 */
export function planDemoProjects(now: Date, seed = 20250301): PlannedProject[] {
  const random = createRandom(seed)
  const today = startOfShanghaiDay(now)
  const names = new Set<string>()
  const planned: PlannedProject[] = []
  const work = createWorkdays()

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
      const project = draftProject({
        random,
        names,
        category,
        subType,
        day: lastDay,
        number: planned.length + 1,
        // Two region-level (自治区本级) flood works on the Tarim, let by its basin authority.
        isTarim: subType.value === 101 && (nth === 3 || nth === 6),
      })
      const { c } = project

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
      project.schedule = completedSchedule(project, work)
      planned.push({
        ...project,
        isLive: false,
        stages: stages.map((stage) => ({
          stage,
          time: project.times[stage]!,
          document: STAGE_TEMPLATES[stage]!(project),
          facts: demoStageFacts(project, stage, now),
        })),
      })
    })
  }

  const todayText = dayOf(now)
  for (const slot of LIVE_SLOTS) {
    const category = tradeCategory(Math.floor(slot.subType / 100))!
    const subType = category.subTypes.find((s) => s.value === slot.subType)!
    const project = draftProject({
      random,
      names,
      category,
      subType,
      day: today,
      number: planned.length + 1,
      isTarim: false,
    })
    // Not awarded yet: the project's amount is its ceiling (or budget).
    project.amount = project.basePrice
    liveTimes(project, slot, todayText, work)
    const published = category.stages
      .slice(0, -1)
      .filter((stage) => project.times[stage]! < today)
    planned.push({
      ...project,
      isLive: true,
      stages: published.map((stage) => ({
        stage,
        time: project.times[stage]!,
        document: STAGE_TEMPLATES[stage]!(project),
        facts: demoStageFacts(project, stage, now),
      })),
    })
  }
  return planned
}
