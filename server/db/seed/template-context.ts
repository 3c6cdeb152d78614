import {
  AGENCY_STEMS,
  COMPANY_STEMS,
  PREFECTURES,
  RIVERS,
  WATER_STEMS,
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
  readonly pref: (typeof PREFECTURES)[number]
  readonly county: string
  readonly river: string
  readonly stem: string

  constructor(random: () => number, publish: Date) {
    this.random = random
    this.publish = publish
    this.pref = this.pick(PREFECTURES)
    this.county = this.pick(this.pref.counties)
    this.river = this.pick(RIVERS)
    this.stem = this.pick(WATER_STEMS)
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1))
  }

  money(min: number, max: number): string {
    return (min + this.random() * (max - min)).toFixed(2)
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

  project(): string {
    const kinds = [
      `${this.county}${this.stem}水库除险加固工程`,
      `${this.county}${this.stem}灌区续建配套与节水改造工程`,
      `${this.river}${this.county}段防洪治理工程`,
      `${this.county}农村供水保障工程`,
      `${this.county}${this.stem}干渠防渗改建工程`,
      `${this.county}中小河流治理工程`,
      `${this.county}高效节水灌溉工程`,
      `${this.county}山洪沟道防洪治理工程`,
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
