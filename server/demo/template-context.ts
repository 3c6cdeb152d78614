import {
  AGENCY_STEMS,
  COMPANY_STEMS,
  PREFECTURES,
  WATER_STEMS,
  type County,
  type Prefecture,
} from './places.ts'

export type AttachmentSpec = {
  kind: 'pdf' | 'docx'
  /** File name as the visitor downloads it, with extension. */
  name: string
  title: string
  paragraphs: string[]
  /** A form to fill in (docx only): column headings and the number of blank rows. */
  form?: { columns: string[]; rows: number }
}

export type GeneratedArticle = {
  title: string
  /** Body HTML; sanitized by prepareArticle before it is stored. */
  content: string
  source: string
  author: string
  attachments?: AttachmentSpec[]
}

export type ArticleTemplate = (c: TemplateContext) => GeneratedArticle

/** Small, fast, seedable PRNG (mulberry32): the same seed gives the same demo content. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const CN_DIGITS = '〇一二三四五六七八九'

/** Everything a template draws on: random picks and dates relative to the publish date. */
export class TemplateContext {
  readonly random: () => number
  readonly publish: Date
  /** The place of the article: a prefecture, one of its counties and a river crossing it. */
  readonly pref: Prefecture
  readonly place: County
  readonly county: string
  readonly river: string
  readonly stem: string

  constructor(random: () => number, publish: Date) {
    this.random = random
    this.publish = publish
    this.pref = this.pick(PREFECTURES)
    this.place = this.pick(this.pref.counties)
    this.county = this.place.name
    this.river = this.pick(this.place.rivers)
    this.stem = this.pick(WATER_STEMS)
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T
  }

  /** Two different items. */
  pickTwo<T>(items: readonly T[]): [T, T] {
    const first = Math.floor(this.random() * items.length)
    const second =
      (first + 1 + Math.floor(this.random() * (items.length - 1))) %
      items.length
    return [items[first] as T, items[second] as T]
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1))
  }

  money(min: number, max: number): string {
    return (min + this.random() * (max - min)).toFixed(2)
  }

  /** Month of the publish date, 1-12 (Asia/Shanghai). */
  get month(): number {
    return Number(this.shanghai(0).slice(5, 7))
  }

  get year(): number {
    return Number(this.shanghai(0).slice(0, 4))
  }

  /** '2025年6月12日', offsetDays after the publish date (Asia/Shanghai). */
  date(offsetDays = 0): string {
    const [y, m, d] = this.shanghai(offsetDays)
      .slice(0, 10)
      .split('-')
      .map(Number)
    return `${y}年${m}月${d}日`
  }

  /** '二〇二五年六月十二日' as signed at the foot of an official document. */
  officialDate(offsetDays = 0): string {
    const [y, m, d] = this.shanghai(offsetDays).slice(0, 10).split('-')
    const year = [...(y ?? '')]
      .map((digit) => CN_DIGITS[Number(digit)])
      .join('')
    return `${year}年${chineseNumber(Number(m))}月${chineseNumber(Number(d))}日`
  }

  /** A prefecture other than the article's own (a project elsewhere, a second stop). */
  otherPref(): Prefecture {
    const others = PREFECTURES.filter((pref) => pref !== this.pref)
    return this.pick(others)
  }

  /** A small reservoir of the county: a common local name, never a river's. */
  reservoir(): string {
    return `${this.stem}水库`
  }

  /** An irrigation district of the county: named after its river or a local name. */
  district(): string {
    return this.random() < 0.4 ? `${this.river}灌区` : `${this.stem}灌区`
  }

  /** A water project of the article's county, named after the county's own river or works. */
  project(): string {
    const kinds = [
      `${this.county}${this.reservoir()}除险加固工程`,
      `${this.county}${this.district()}续建配套与节水改造工程`,
      `${this.river}${this.county}段防洪治理工程`,
      `${this.county}农村供水保障工程`,
      `${this.county}${this.stem}干渠防渗改建工程`,
      `${this.county}${this.river}中小河流治理工程`,
      `${this.county}高效节水灌溉工程`,
      `${this.county}山洪沟道防洪治理工程`,
      `${this.county}${this.river}生态修复与综合治理工程`,
      `${this.county}城乡供水一体化工程`,
    ]
    return this.pick(kinds)
  }

  company(): string {
    return `新疆${this.pick(COMPANY_STEMS)}${this.pick(['水利水电工程', '水利建设', '水务工程', '建设工程'])}有限公司`
  }

  agency(): string {
    return `新疆${this.pick(AGENCY_STEMS)}${this.pick(['工程项目管理咨询', '招标代理', '工程造价咨询'])}有限公司`
  }

  private shanghai(offsetDays: number): string {
    const ms = this.publish.getTime() + offsetDays * 86_400_000 + 8 * 3_600_000
    return new Date(ms).toISOString()
  }
}

function chineseNumber(n: number): string {
  if (n < 10) return CN_DIGITS[n] ?? ''
  const tens = Math.floor(n / 10)
  const ones = n % 10
  return `${tens === 1 ? '' : CN_DIGITS[tens]}十${ones === 0 ? '' : CN_DIGITS[ones]}`
}

/** A body paragraph indented two characters, as Chinese official text is set. */
export function p(text: string): string {
  return `<p style="text-indent: 2em">${text}</p>`
}

export function signature(unit: string, date: string): string {
  return `<p style="text-align: right">${unit}</p><p style="text-align: right">${date}</p>`
}
