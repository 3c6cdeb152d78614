import { REGIONS } from '#common/constants/trade.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { COMPANY_STEMS, type Prefecture } from './places.ts'
import type { TemplateContext } from './template-context.ts'

/** Telephone area codes of the prefectures (for the contact lines of notices). */
const AREA_CODES: Record<string, string> = {
  昌吉州: '0994',
  伊犁州: '0999',
  阿克苏地区: '0997',
  喀什地区: '0998',
  哈密市: '0902',
  塔城地区: '0901',
  阿勒泰地区: '0906',
  和田地区: '0903',
  巴州: '0996',
  吐鲁番市: '0995',
  博州: '0909',
  克州: '0908',
}

const SURNAMES = '王李张刘陈杨赵马周吴孙郭何高罗'
const GIVEN = [
  '建军',
  '海燕',
  '志强',
  '丽娟',
  '国庆',
  '红梅',
  '新华',
  '晓东',
  '永刚',
  '玉兰',
  '文斌',
  '春燕',
  '立新',
  '秀英',
  '卫东',
  '明辉',
]

export function regionCodeOf(pref: Prefecture): string {
  const region = REGIONS.find((r) => r.label === pref.name)
  if (!region) throw new Error(`No region code for ${pref.name}`)
  return region.value
}

/** Names, people and contact lines of one project's place, drawn from the seeded random. */
export class ProjectPeople {
  private readonly c: TemplateContext
  constructor(c: TemplateContext) {
    this.c = c
  }

  person(): string {
    return `${this.c.pick([...SURNAMES])}${this.c.pick(GIVEN)}`
  }

  /** A landline of the prefecture: '0994-2356781'. */
  phone(pref: Prefecture = this.c.pref): string {
    const area = AREA_CODES[pref.short] ?? '0991'
    return `${area}-${this.c.int(2, 8)}${String(this.c.int(0, 999_999)).padStart(6, '0')}`
  }

  mobile(): string {
    return `1${this.c.pick(['39', '58', '80', '99', '35', '37'])}${String(this.c.int(0, 99_999_999)).padStart(8, '0')}`
  }

  /**
   * A company of the trade's kind: contractors bid for works, suppliers and consultancies for
   * procurement, and mining, building-material or investment firms buy rights and assets.
   * `exclude` keeps the parties of one trade distinct.
   */
  company(
    exclude: Set<string> = new Set(),
    kind: 'works' | 'supplier' | 'buyer' = 'works',
  ): string {
    const trades = {
      works: ['水利水电工程', '水利建设', '水务工程', '建设工程', '路桥水利'],
      supplier: ['水文仪器', '环境科技', '工程咨询', '信息技术', '科技发展'],
      buyer: ['矿业', '建材', '投资', '实业', '商贸'],
    }[kind]
    for (;;) {
      const name = `新疆${this.c.pick(COMPANY_STEMS)}${this.c.pick(trades)}有限公司`
      if (!exclude.has(name)) {
        exclude.add(name)
        return name
      }
    }
  }

  /** A registered constructor (二级建造师) with a certificate number of the region. */
  manager(): string {
    return `${this.person()}（新${this.c.int(1, 2)}65${String(this.c.int(0, 99_999_999)).padStart(8, '0')}）`
  }
}

/** '2025年6月12日 10时30分' as written in notices. */
export function writtenTime(date: Date): string {
  const text = toShanghaiText(date)
  const [y, m, d] = text.slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日 ${text.slice(11, 13)}时${text.slice(14, 16)}分`
}

/** '2025年6月12日'. */
export function writtenDate(date: Date): string {
  const [y, m, d] = toShanghaiText(date).slice(0, 10).split('-').map(Number)
  return `${y}年${m}月${d}日`
}

/** A label/value table as notices set their key facts. */
export function factTable(rows: [string, string][]): string {
  const body = rows
    .map(([label, value]) => `<tr><th>${label}</th><td>${value}</td></tr>`)
    .join('')
  return `<table><tbody>${body}</tbody></table>`
}

/** A table with a header row. */
export function gridTable(headers: string[], rows: string[][]): string {
  const head = headers.map((h) => `<th>${h}</th>`).join('')
  const body = rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`
}

export function heading(text: string): string {
  return `<h4>${text}</h4>`
}

/** 万元 with two decimals → '1,234.56万元'. */
export function wan(amount: number): string {
  return `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}万元`
}

/** 万元 → 元 with two decimals, as a bid price is written: '12,345,678.00'. */
export function yuan(amountWan: number): string {
  return (Math.round(amountWan * 10000 * 100) / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })
}
