import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  openPage,
  useJourneyBrowser,
  waitForHydration,
  tick,
} from './browser.ts'
import {
  act,
  contentTeam,
  currentRevision,
  newContent,
  type Person,
  signedIn,
} from './content-console.ts'
import { consolePage } from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

const { browser } = useJourneyBrowser()

const admin = { accountName: 'xu.admin', displayName: '徐管理' }
const editor: Person = {
  accountName: 'qian.editor',
  displayName: '钱编辑',
  role: '内容编辑',
}
const reviewer: Person = {
  accountName: 'shen.reviewer',
  displayName: '沈审核',
  role: '内容审核',
}

const PARTY = '新疆天衡水利水电建设有限公司'
const TITLE = `${PARTY}行政处罚决定`
/** Its 统一社会信用代码, and the same with the last character mistyped. */
const CODE = '91650100MA7B8KQ2WQ'
const MISTYPED = '91650100MA7B8KQ2WR'

// Client navigations wait for the API; on a busy machine that takes more than a second.
const POLL = { timeout: 60_000 }

/** Yesterday in Shanghai: the newest decision on the list. */
function yesterday() {
  const shanghai = new Date(Date.now() + 8 * 3_600_000 - 86_400_000)
  return shanghai.toISOString().slice(0, 10)
}

/** A field's message, under the field. */
const fieldError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error', { hasText: text })

async function typeDay(page: Page, label: string, day: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(day)
  await input.press('Enter')
}

describe('a credit record published through the console', () => {
  it('is drafted by an editor, published by a reviewer, and found by a visitor on a phone in the list and the site search', async () => {
    const { editorLink, reviewerLink } = await contentTeam(browser(), admin, {
      editor,
      reviewer,
    })
    const writer = await signedIn(browser(), editor, editorLink)
    const checker = await signedIn(browser(), reviewer, reviewerLink)
    const page = writer.page
    const review = checker.page
    const decided = yesterday()

    // The editor drafts it: what is missing and a mistyped code are said at their fields.
    await page.goto(`${baseUrl}/admin/content`)
    await consolePage(page, '内容管理')
    await newContent(page, '信用记录')
    await page.getByRole('button', { name: '提交审核' }).click()
    await fieldError(page, '请输入当事人名称').waitFor()
    await fieldError(page, '请选择决定日期').waitFor()
    await page.getByLabel('当事人名称').fill(PARTY)
    await tick(page.getByRole('radio', { name: '投标人' }))
    await page.getByLabel('统一社会信用代码').fill(MISTYPED)
    await page
      .getByLabel('违法违规行为')
      .fill(
        '在某灌区续建配套工程施工招标中，与其他投标人相互约定投标报价，串通投标。',
      )
    await page
      .getByLabel('处理依据')
      .fill('《中华人民共和国招标投标法》第五十三条')
    await tick(page.getByRole('radio', { name: '行政处罚决定' }))
    await page
      .getByLabel('决定内容')
      .fill('中标无效，处中标项目金额千分之五的罚款。')
    await page.getByLabel('决定机关').fill('新疆维吾尔自治区水利厅')
    await page.getByLabel('决定文号').fill('新水罚〔2026〕30号')
    await typeDay(page, '决定日期', decided)
    await page.getByText(`公示期：${decided} 至`).waitFor()
    await page.getByRole('button', { name: '提交审核' }).click()
    await fieldError(
      page,
      '统一社会信用代码的最后一位校验码应为 Q，请核对是否有输错的字符',
    ).waitFor()
    await expectNoAxeViolations(page)
    await page.getByLabel('统一社会信用代码').fill(CODE.toLowerCase())
    await page.getByRole('button', { name: '提交审核' }).click()
    await consolePage(page, TITLE)
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/content\/\d+$/)
    await expect.poll(() => currentRevision(page)).toContain('待审核')
    const itemAddress = page.url()

    // The reviewer reads its facts and publishes it.
    await review.goto(itemAddress)
    await consolePage(review, TITLE)
    const facts = await review
      .getByRole('region', { name: '修订 1 的内容' })
      .innerText()
    expect(facts).toMatch(new RegExp(`统一社会信用代码\\s*${CODE}`))
    expect(facts).toMatch(/当事人类别\s*投标人/)
    await expectNoAxeViolations(review)
    await act(review, '通过并立即发布', '通过并立即发布', '确认发布')
    await expect.poll(() => currentRevision(review)).toContain('已发布')
    const publicPath = await review
      .getByRole('region', { name: '状态' })
      .getByRole('link', { name: /查看公开页面/ })
      .getAttribute('href')
    expect(publicPath).toMatch(/^\/credit\/detail\?id=\d+$/)

    // A visitor on a phone: 信用信息 in the menu, the record first on the list (公示中).
    const visitor = await openPage(browser(), 375)
    const phone = visitor.page
    await phone.goto(`${baseUrl}/index/new`)
    await waitForHydration(phone)
    await phone
      .getByRole('navigation', { name: '栏目导航' })
      .getByRole('link', { name: '信用信息' })
      .click()
    await phone.waitForURL(/\/credit\/list$/)
    const rows = phone.locator('main ul li h2 a')
    await expect.poll(() => rows.first().innerText(), POLL).toBe(TITLE)
    await expectFitsWithoutOverlap(phone)
    await expectNoAxeViolations(phone)

    // By its code, typed in small letters, through the list's keyword.
    const keyword = phone.getByRole('searchbox', { name: '关键字' })
    await keyword.fill(CODE.slice(8, 16).toLowerCase())
    await keyword.press('Enter')
    await phone.waitForURL(/keyword=/)
    await expect.poll(() => rows.allInnerTexts(), POLL).toEqual([TITLE])

    // The archived records are a choice away, each marked so.
    await phone.locator('label', { hasText: /^已归档/ }).click()
    await phone.waitForURL(/status=archived/)
    await expect
      .poll(() => phone.locator('main').innerText(), POLL)
      .toMatch(/公示中没有符合条件的记录|暂无符合条件的信用记录/)
    await phone.goto(`${baseUrl}/credit/list?status=archived`)
    await expect.poll(() => rows.count(), POLL).toBeGreaterThan(0)
    expect(await phone.locator('main ul li').first().innerText()).toContain(
      '已归档（公示期满）',
    )
    await expectFitsWithoutOverlap(phone)
    await expectNoAxeViolations(phone)

    // The site search from the header finds it, tagged 信用信息, and leads to its page.
    const search = phone.getByRole('searchbox', { name: '站内搜索' })
    await search.fill('天衡水利水电')
    await search.press('Enter')
    await phone.waitForURL(/\/search\?keyword=/)
    const hit = phone.locator('main ol li', { hasText: TITLE })
    await expect.poll(() => hit.count(), POLL).toBe(1)
    expect(await hit.innerText()).toContain('信用信息')
    await expectFitsWithoutOverlap(phone)
    await expectNoAxeViolations(phone)
    await hit.getByRole('link', { name: TITLE }).click()
    await phone.waitForURL(/\/credit\/detail\?id=\d+/)
    expect(new URL(phone.url()).pathname + new URL(phone.url()).search).toBe(
      publicPath,
    )
    await phone.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    const record = await phone.locator('main').innerText()
    expect(record).toMatch(new RegExp(`统一社会信用代码\\s*${CODE}`))
    expect(record).toMatch(/决定机关\s*新疆维吾尔自治区水利厅/)
    expect(record).toMatch(
      new RegExp(`公示期\\s*${decided} 至 \\d{4}-\\d{2}-\\d{2}`),
    )
    expect(record).toMatch(/公示状态\s*公示中/)
    await expectFitsWithoutOverlap(phone)
    await expectNoAxeViolations(phone)

    expect(visitor.errors).toEqual([])
    await visitor.close()

    // Bad addresses: a malformed filter shows the default list; a bad or unknown id is a 404
    // (which the browser reports as a failed load: a page of its own, its errors not read).
    const { page: stray, close } = await openPage(browser(), 375)
    const lenient = await stray.goto(
      `${baseUrl}/credit/list?status=expired&year=abc&kind=bank&page=-2`,
    )
    expect(lenient?.status()).toBe(200)
    expect(await stray.locator('main ul li h2 a').count()).toBeGreaterThan(0)
    for (const id of ['abc', '0', '99999999', '99999999999999']) {
      const missing = await stray.goto(`${baseUrl}/credit/detail?id=${id}`)
      expect(missing?.status(), id).toBe(404)
      expect(await stray.locator('main').innerText()).toContain('页面不存在')
    }
    await close()

    for (const errors of [writer.errors, checker.errors])
      expect(errors).toEqual([])
    await writer.context.close()
    await checker.context.close()
  }, 240_000)
})
