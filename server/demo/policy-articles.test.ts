import { describe, expect, it } from 'vitest'

import { POLICY_CATEGORIES } from '#common/constants/articles.ts'
import { toShanghaiText } from '#server/shared/publish-time.ts'
import { planPolicyArticles, POLICY_DOCUMENTS } from './policy-articles.ts'

const DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
}

/** '第六十五条' → 65, '第一百零一条' → 101. */
function articleNumber(no: string): number {
  const text = no.replace(/^第|条$/g, '')
  let total = 0
  let current = 0
  for (const char of text) {
    if (char === '百') total += (current || 1) * 100
    else if (char === '十') total += (current || 1) * 10
    if (char === '百' || char === '十' || char === '零') current = 0
    else current = DIGITS[char] ?? Number.NaN
  }
  return total + current
}

describe('policy demo content', () => {
  const now = new Date('2026-11-22T04:00:00Z')
  const plan = planPolicyArticles(now)

  it('reads Chinese article numbers', () => {
    expect(articleNumber('第一条')).toBe(1)
    expect(articleNumber('第十条')).toBe(10)
    expect(articleNumber('第六十五条')).toBe(65)
    expect(articleNumber('第一百零一条')).toBe(101)
  })

  it('has documents in each of the four policy categories of spec §9', () => {
    for (const category of POLICY_CATEGORIES) {
      const items = plan.filter(
        (item) => String(item.categoryId) === category.ctype,
      )
      expect(items.length, category.label).toBeGreaterThanOrEqual(3)
    }
  })

  it('lists the real national laws and regulations with their document numbers', () => {
    const national = POLICY_DOCUMENTS.filter((doc) => doc.categoryId === 927)
    expect(national.map((doc) => doc.title)).toEqual(
      expect.arrayContaining([
        '中华人民共和国招标投标法',
        '中华人民共和国招标投标法实施条例',
        '工程建设项目招标投标活动投诉处理办法',
        '水利工程建设项目招标投标管理规定',
        '必须招标的工程项目规定',
        '中华人民共和国政府采购法',
      ]),
    )
    const numbers = Object.fromEntries(
      national.map((doc) => [doc.title, doc.docNumber]),
    )
    expect(numbers['中华人民共和国招标投标法']).toBe(
      '中华人民共和国主席令第二十一号',
    )
    expect(numbers['中华人民共和国招标投标法实施条例']).toBe(
      '中华人民共和国国务院令第613号',
    )
    expect(numbers['水利工程建设项目招标投标管理规定']).toBe('水利部令第14号')
    // A law keeps the date it was promulgated, not the day the demo was made.
    for (const doc of national) expect('date' in doc.when).toBe(true)
  })

  it('numbers articles in order and marks a document 节选 when articles are left out', () => {
    for (const doc of POLICY_DOCUMENTS.filter((d) => d.chapters)) {
      const numbers = doc
        .chapters!.flatMap((chapter) => chapter.clauses)
        .map((clause) => articleNumber(clause.no))
      for (const [i, n] of numbers.entries()) {
        expect(Number.isNaN(n), `${doc.title} ${n}`).toBe(false)
        if (i > 0) expect(n, doc.title).toBeGreaterThan(numbers[i - 1]!)
      }
      const isComplete = numbers.every((n, i) => n === i + 1)
      if (!isComplete) expect(doc.excerptOf, doc.title).toBeTruthy()
    }
    const html = plan.find((p) => p.title === '中华人民共和国招标投标法')!
    expect(html.content).toContain('（节选）')
    // The one rule given in full is not called an excerpt.
    const full = plan.find((p) => p.title === '必须招标的工程项目规定')!
    expect(full.content).not.toContain('节选')
    expect(full.content).toContain('<strong>第六条</strong>')
  })

  it('dates regional rules as regional documents of the department, none in the future', () => {
    const regional = plan.filter((item) => item.categoryId === 928)
    for (const item of regional) {
      expect(item.title).toMatch(/^自治区/)
      expect(item.source).toBe('新疆维吾尔自治区水利厅')
      expect(item.content).toMatch(/新水(规|厅)〔\d{4}〕\d+号/)
    }
    for (const item of plan) expect(item.publishTime <= now).toBe(true)
    // A document dated relative to today carries that year in its number.
    const notice = regional.find((item) => item.title.includes('通知'))!
    const year = toShanghaiText(notice.publishTime).slice(0, 4)
    expect(notice.content).toContain(`新水厅〔${year}〕45号`)
    expect(notice.content).not.toContain('{year}')
  })

  it('gives recent interpretations so the time filters find policies', () => {
    const weekAgo = now.getTime() - 7 * 86_400_000
    const recent = plan.filter(
      (item) => item.categoryId === 929 && item.publishTime.getTime() > weekAgo,
    )
    expect(recent.length).toBeGreaterThanOrEqual(1)
  })

  it('attaches PDF copies and Word forms', () => {
    const names = plan.flatMap((item) => item.attachments.map((a) => a.name))
    expect(names).toContain('中华人民共和国招标投标法.pdf')
    expect(names.some((name) => name.endsWith('.docx'))).toBe(true)
  })
})
