import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { PLATFORM_NAME } from '#common/constants/site.ts'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

// Client-side loads share the machine with the server: give each poll time.
const slow = { timeout: 60_000 }
const journey = useJourneyBrowser()

const { openPage } = journey

const rows = (page: Page) => page.locator('main tbody tr h2')
const rowTitles = (page: Page) => rows(page).locator('a').allInnerTexts()
const rowTags = (page: Page) => rows(page).locator('.ant-tag').allInnerTexts()
const rowDates = async (page: Page) =>
  (
    await page
      .locator('main tbody td[data-label="发布时间"] time')
      .allInnerTexts()
  ).map((t) => t.trim())
/** Whether a choice shows inside its row, which hides what overflows when collapsed. */
const isShownInRow = (page: Page, text: string) =>
  page
    .getByRole('group', { name: '所属地区' })
    .getByText(text)
    .evaluate((el) => {
      const row = el.closest('[id]')!.getBoundingClientRect()
      return el.getBoundingClientRect().bottom <= row.bottom
    })
const param = (page: Page, name: string) =>
  new URL(page.url()).searchParams.get(name)

/** Today in the portal's zone (Asia/Shanghai), as YYYY-MM-DD. */
const today = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(
    new Date(),
  )

describe('project and trading information', () => {
  it('filters by category, pages, narrows by a date range and a keyword, and keeps it all through a reload', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/business`)
    expect(new URL(page.url()).pathname).toBe('/business/list')
    await expect.poll(() => rowTitles(page).then((t) => t.length)).toBe(10)
    expect(new Set(await rowTags(page)).size).toBeGreaterThan(1)

    // The category cascader: a whole category can be chosen, once the page has hydrated (it
    // paints before its scripts run).
    await waitForHydration(page)
    await page.getByLabel('交易类别').click()
    await page
      .locator('.ant-cascader-menu-item', { hasText: /^工程建设$/ })
      .click()
    await page.waitForURL(/category=1(&|$)/)
    await page.keyboard.press('Escape')
    await expect
      .poll(async () => [...new Set(await rowTags(page))], slow)
      .toEqual(['工程建设'])
    const firstPage = await rowTitles(page)
    expect(await page.getByRole('group', { name: '交易环节' }).count()).toBe(1)

    await page.getByRole('link', { name: '下一页' }).click()
    await page.waitForURL(/page=2/)
    await expect.poll(() => rowTitles(page), slow).not.toEqual(firstPage)
    expect([...new Set(await rowTags(page))]).toEqual(['工程建设'])

    // The linked range picker: the list changes once both days are set.
    const start = '2026-01-01'
    const end = today()
    await page.getByPlaceholder('开始日期').click()
    await page.getByPlaceholder('开始日期').fill(start)
    await page.keyboard.press('Enter')
    expect(param(page, 'start')).toBeNull()
    await page.getByPlaceholder('结束日期').fill(end)
    await page.keyboard.press('Enter')
    await page.waitForURL(/start=.*end=/)
    expect(param(page, 'start')).toBe(start)
    expect(param(page, 'end')).toBe(end)
    expect(param(page, 'page')).toBeNull()
    expect(param(page, 'category')).toBe('1')
    // The URL changes before the new rows are in: wait for the list itself.
    await expect
      .poll(() => rowDates(page), slow)
      .toSatisfy(
        (dates: string[]) =>
          dates.length > 0 && dates.every((d) => d >= start && d <= end),
      )

    // A keyword from one listed project that another row lacks, so the list must change;
    // every row found is about it.
    const texts = await page.locator('main tbody tr').allInnerTexts()
    const keyword = (await rowTitles(page))
      .map((title) => title.slice(0, 3))
      .find((prefix) => texts.some((text) => !text.includes(prefix)))!
    expect(keyword).toBeTruthy()
    const keywordBox = page.getByRole('searchbox', { name: '关键字' })
    await keywordBox.fill(keyword)
    await keywordBox.press('Enter')
    await page.waitForURL(/keyword=/)
    expect(param(page, 'keyword')).toBe(keyword)
    await expect
      .poll(() => page.locator('main tbody tr').allInnerTexts(), slow)
      .toSatisfy(
        (found: string[]) =>
          found.length > 0 && found.every((text) => text.includes(keyword)),
      )

    const filtered = await rowTitles(page)
    const filteredUrl = page.url()
    await page.reload()
    expect(page.url()).toBe(filteredUrl)
    expect(await rowTitles(page)).toEqual(filtered)
    expect(await keywordBox.inputValue()).toBe(keyword)
    // Read from the visible range picker, waiting for it: while a reload streams in, React
    // can hold a finished part hidden beside its placeholder, a second copy of the same inputs.
    const range = page.getByRole('group', { name: '发布时间' })
    await expect
      .poll(() => range.getByPlaceholder('开始日期').inputValue(), slow)
      .toBe(start)
    await expect
      .poll(() => range.getByPlaceholder('结束日期').inputValue(), slow)
      .toBe(end)
    // The category too, from the search area a visitor sees (the hidden copy has no role).
    const search = page.getByRole('search', { name: '项目检索' })
    await expect
      .poll(
        () => search.locator('#project-category').locator('..').innerText(),
        slow,
      )
      .toContain('工程建设')

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('opens a project, switches its stage tabs, previews a PDF and opens a linkage record', async () => {
    const { page, errors, close } = await openPage()
    // A concluded tender: every tab of its set has its announcement.
    await page.goto(
      `${baseUrl}/business/list?category=1&currentStage=bidResult`,
    )
    await waitForHydration(page)
    await rows(page).first().locator('a').click()
    await expect
      .poll(() => page.url(), slow)
      .toMatch(/\/business\/detail\?id=\d+/)
    await expect
      .poll(() => page.locator('main h1').innerText(), slow)
      .not.toBe('交易列表')
    const name = await page.locator('main h1').innerText()
    const projectUrl = page.url()
    expect(await page.title()).toBe(`${name} - ${PLATFORM_NAME}`)
    const crumbs = page.getByRole('navigation', { name: '当前位置' })
    expect(
      await crumbs.getByRole('link', { name: '项目信息' }).getAttribute('href'),
    ).toBe('/business')
    expect(await crumbs.getByText('项目详情').count()).toBe(1)

    // The construction tab set of spec §9, in order.
    const tabs = page.getByRole('tab')
    expect(await tabs.allInnerTexts()).toEqual([
      '项目入场',
      '招标公告',
      '投标报名',
      '开标记录',
      '评标结果公示',
      '中标结果公告',
    ])
    await page.getByRole('tab', { name: '招标公告' }).click()
    await page.waitForURL(/stage=bidNotice/)
    await expect
      .poll(
        () =>
          page
            .getByRole('tab', { name: '招标公告' })
            .getAttribute('aria-selected'),
        slow,
      )
      .toBe('true')
    const panel = page.getByRole('tabpanel')
    await expect
      .poll(() => panel.locator('article h2').first().innerText(), slow)
      .toContain('招标')

    // A stage in the URL survives a reload.
    await page.reload()
    expect(
      await page
        .getByRole('tab', { name: '招标公告' })
        .getAttribute('aria-selected'),
    ).toBe('true')

    // The result notice carries the award letter as a PDF.
    await page.getByRole('tab', { name: '中标结果公告' }).click()
    await page.waitForURL(/stage=bidResult/)
    const preview = page.getByRole('button', { name: /在线预览 .+\.pdf/ })
    await expect.poll(() => preview.count(), slow).toBeGreaterThan(0)
    await waitForHydration(page)
    await preview.first().click()
    await expectPdfPreviewShown(page)

    const records = page.locator('section[aria-labelledby="linkage-title"] a')
    expect(await records.count()).toBeGreaterThan(0)
    const recordTitle = await records.first().innerText()
    await records.first().click()
    await page.waitForURL(/\/business\/linkageDetail\?id=\d+/)
    await expect
      .poll(() => page.locator('main h1').innerText(), slow)
      .toBe(recordTitle)
    expect(await page.title()).toBe(`${recordTitle} - ${PLATFORM_NAME}`)
    const record = page.locator('main article')
    const labels = await record.locator('dt').allInnerTexts()
    for (const field of [
      '所属项目',
      '监管事项',
      '发现问题',
      '责任单位',
      '整改状态',
      '发现日期',
      '整改期限',
    ])
      expect(labels).toContain(field)
    const projectId = new URL(projectUrl).searchParams.get('id')
    expect(
      await record
        .locator(`a[href="/business/detail?id=${projectId}"]`)
        .first()
        .innerText(),
    ).toContain(name)

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('draws the figures per category and per month and lists the latest of each category by stage', async () => {
    const { page, errors, close } = await openPage()
    const chartCode: string[] = []
    page.on('request', (r) => {
      const match = r.url().match(/\/assets\/(echart-[a-z]+)-/)
      if (match) chartCode.push(match[1]!)
    })
    await page.goto(`${baseUrl}/business/index`)
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    const figures = page.locator('figure')
    expect(await figures.count()).toBe(2)
    // The server drew both charts: they show without any chart code.
    expect(
      await page.locator('figure[data-chart-status="drawn"]').count(),
    ).toBe(2)
    expect(await page.locator('figure svg path').count()).toBeGreaterThan(10)
    expect(chartCode).toEqual([])
    expect(await page.locator('figure canvas').count()).toBe(0)

    // Pointing at a chart fetches ECharts with that chart's type only, for its tooltips.
    const bars = figures.nth(1)
    const box = (await bars.boundingBox())!
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.3)
    await expect.poll(() => bars.locator('canvas').count(), slow).toBe(1)
    expect(chartCode.sort()).toEqual(['echart-bar', 'echart-runtime'])
    await page.mouse.move(box.x + box.width * 0.82, box.y + box.height * 0.35)
    // The tooltip names the month under the pointer (the axis itself is drawn, not text).
    await expect
      .poll(() => bars.getByText(/^1?\d月$/).isVisible(), slow)
      .toBe(true)
    // The figures stay readable as tables for screen readers.
    expect(
      await page
        .getByRole('table', { name: '各交易类别项目数与交易金额' })
        .count(),
    ).toBe(1)
    expect(
      await page
        .getByRole('table', { name: '每月项目数与交易金额' })
        .locator('tbody tr')
        .count(),
    ).toBe(12)

    // The chart follows its box.
    const canvasWidth = () =>
      bars.locator('canvas').evaluate((c) => c.clientWidth)
    const wide = await canvasWidth()
    await page.setViewportSize({ width: 900, height: 900 })
    await expect.poll(canvasWidth, slow).not.toBe(wide)

    await page.getByRole('tab', { name: '政府采购' }).click()
    const procurement = page.getByRole('tabpanel', { name: '政府采购' })
    expect(await procurement.getByRole('tab').allInnerTexts()).toEqual([
      '项目入场',
      '采购公告',
      '采购结果公告',
    ])
    await procurement.getByRole('tab', { name: '采购公告' }).click()
    await procurement
      .getByRole('link', { name: /更多政府采购采购公告/ })
      .click()
    await page.waitForURL(
      /\/business\/list\?category=2&stage=procurementNotice/,
    )
    await expect
      .poll(async () => [...new Set(await rowTags(page))], slow)
      .toEqual(['政府采购'])

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('fits a phone at 375 px, with the region choices collapsed behind a keyboard toggle', async () => {
    const { page, errors, close } = await openPage(375)
    // Measured at once, before scripts could rearrange anything.
    for (const path of [
      '/business/list',
      '/business/index',
      '/business/detail?id=1',
      '/business/linkageDetail?id=1',
    ]) {
      await page.goto(`${baseUrl}${path}`)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(375)
    }
    await page.goto(`${baseUrl}/business/list`)
    // The toggle answers once the page's scripts run, after the first paint.
    await waitForHydration(page)
    const regions = page.getByRole('group', { name: '所属地区' })
    const toggle = regions.getByRole('button', { name: '展开' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await isShownInRow(page, '阿勒泰地区')).toBe(false)
    expect(await isShownInRow(page, '全部')).toBe(true)
    await toggle.focus()
    await page.keyboard.press('Enter')
    const collapse = regions.getByRole('button', { name: '收起' })
    expect(await collapse.getAttribute('aria-expanded')).toBe('true')
    expect(await isShownInRow(page, '阿勒泰地区')).toBe(true)
    await regions.getByText('阿勒泰地区').click()
    await page.waitForURL(/region=654300/)
    await expect
      .poll(() => page.locator('main tbody tr').allInnerTexts(), slow)
      .toSatisfy((texts: string[]) =>
        texts.every((t) => t.includes('所属地区：阿勒泰地区')),
      )
    // The choice in force is never hidden after a reload.
    await page.reload()
    expect(await isShownInRow(page, '阿勒泰地区')).toBe(true)
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('says so in Chinese when nothing matches or a project does not exist', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/business/list?keyword=不存在的项目名称`)
    expect(await page.getByText('暂无符合条件的项目').count()).toBe(1)
    const missing = await page.goto(`${baseUrl}/business/detail?id=999999`)
    expect(missing?.status()).toBe(404)
    expect(await page.getByText('页面不存在').count()).toBeGreaterThan(0)
    expect(
      await page.getByRole('navigation', { name: '栏目导航' }).count(),
    ).toBe(1)
    await expectNoAxeViolations(page)
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
    await close()
  })
})

describe('project information without JavaScript', () => {
  it('filters with the search form and pages with links', async () => {
    const context = await journey
      .browser()
      .newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/business/list?category=1`)
    expect(await rowTitles(page)).toHaveLength(10)
    await page.locator('label', { hasText: '近1年' }).click()
    await page.getByRole('button', { name: '查询' }).click()
    await page.waitForURL(/time=1y/)
    expect(param(page, 'category')).toBe('1')
    expect([...new Set(await rowTags(page))]).toEqual(['工程建设'])
    await page.locator('a', { hasText: '下一页' }).click()
    await page.waitForURL(/page=2/)
    expect((await rowTitles(page)).length).toBeGreaterThan(0)
    await rows(page).first().locator('a').click()
    await page.waitForURL(/\/business\/detail\?id=/)
    expect(
      (await page.getByRole('tabpanel').innerText()).length,
    ).toBeGreaterThan(100)
    await context.close()
  })
})
