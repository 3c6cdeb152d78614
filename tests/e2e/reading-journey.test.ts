import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  settleAnimations,
  useJourneyBrowser,
  waitForHydration,
  watchPageErrors,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const slow = { timeout: 60_000 }
const journey = useJourneyBrowser()
const WIDTHS = [375, 1440] as const

// The opening record lists each bidder's price in a table of six columns.
const OPENING = `${baseUrl}/business/detail?id=1&stage=bidOpening`
const RESULT = `${baseUrl}/business/detail?id=1&stage=bidResult`

/** A phone as a visitor holds it: touch, no hover. */
async function openPhone() {
  const context = await journey.browser().newContext({
    viewport: { width: 375, height: 900 },
    locale: 'zh-CN',
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  return { page, errors: watchPageErrors(page), close: () => context.close() }
}

/** The text of every table cell that holds a price, with how many lines it takes. */
const priceCells = (page: Page) =>
  page.locator('main .portal-table-scroll td').evaluateAll((cells) =>
    cells
      .filter((td) => /^\d{1,3}(,\d{3})+\.\d{2}$/.test(td.textContent!.trim()))
      .map((td) => {
        const range = document.createRange()
        range.selectNodeContents(td)
        const lines = new Set(
          [...range.getClientRects()].map((r) => Math.round(r.top)),
        )
        return { text: td.textContent!.trim(), lines: lines.size }
      }),
  )

const canvasWidth = (page: Page) =>
  page
    .getByRole('dialog')
    .getByTestId('pdf-page')
    .evaluate((c) => c.getBoundingClientRect().width)

describe('a project page at a phone width and a wide one', () => {
  for (const width of WIDTHS) {
    it(`keeps prices whole in a table that scrolls in its own region at ${width} px`, async () => {
      const { page, errors, close } = await journey.openPage(width)
      await page.goto(OPENING)
      const prices = await priceCells(page)
      expect(prices.length).toBeGreaterThanOrEqual(3)
      for (const price of prices)
        expect(price, price.text).toMatchObject({ lines: 1 })
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(width)

      // The announcement's own tables are named by their place; the 公告要素's by their caption.
      const regions = page.locator(
        'main [role="region"].portal-table-scroll[aria-label]',
      )
      expect(await regions.count()).toBeGreaterThanOrEqual(2)
      for (const region of await regions.all()) {
        expect(await region.getAttribute('tabindex')).toBe('0')
        expect(await region.getAttribute('aria-label')).toMatch(/^表格\d+$/)
      }
      for (const region of await page
        .locator('main [role="region"].portal-table-scroll[aria-labelledby]')
        .all()) {
        expect(await region.getAttribute('tabindex')).toBe('0')
        const caption = await region.evaluate(
          (el) =>
            document.getElementById(el.getAttribute('aria-labelledby')!)
              ?.textContent ?? '',
        )
        expect(caption).toMatch(/开标记录|中标候选人|被否决/)
      }
      if (width === 375) {
        // The bidders' table is wider than a phone: the keyboard scrolls it in place.
        const wide = regions.nth(1)
        expect(
          await wide.evaluate((el) => el.scrollWidth > el.clientWidth),
        ).toBe(true)
        await waitForHydration(page)
        await wide.focus()
        await page.keyboard.press('ArrowRight')
        await expect
          .poll(() => wide.evaluate((el) => el.scrollLeft), slow)
          .toBeGreaterThan(0)
      }
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })

    it(`previews a PDF fitted to the width, zooms by keyboard and fits again at ${width} px`, async () => {
      const { page, errors, close } = await journey.openPage(width)
      const workerLoads: string[] = []
      page.on('request', (r) => {
        if (/pdf\.worker/.test(r.url())) workerLoads.push(r.url())
      })
      await page.goto(RESULT)
      await waitForHydration(page)
      const preview = page.getByRole('button', { name: /在线预览 .+\.pdf/ })
      await preview.first().click()
      const dialog = page.getByRole('dialog')
      await expect
        .poll(() => dialog.getByText(/第 1 \/ \d+ 页/).count(), slow)
        .toBe(1)
      const frame = dialog.getByRole('region', { name: /页面$/ })
      // The dialog zooms open: measure it at rest.
      await settleAnimations(page)
      const frameWidth = await frame.evaluate((el) => el.clientWidth)
      // Fitted: the page fills the frame, which on a phone is nearly the whole screen.
      await expect
        .poll(() => canvasWidth(page), slow)
        .toBeGreaterThanOrEqual(frameWidth - 2)
      if (width === 375) expect(frameWidth).toBeGreaterThanOrEqual(320)
      const fitted = await canvasWidth(page)

      const toolbar = dialog.getByRole('toolbar', { name: '缩放' })
      const zoomIn = toolbar.getByRole('button', { name: '放大', exact: true })
      await zoomIn.focus()
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await expect.poll(() => canvasWidth(page), slow).toBeGreaterThan(fitted)
      expect(
        await frame.evaluate((el) => el.scrollWidth > el.clientWidth),
      ).toBe(true)
      expect(await frame.getAttribute('tabindex')).toBe('0')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      expect(
        await toolbar
          .getByRole('button', { name: '适合宽度', exact: true })
          .getAttribute('aria-pressed'),
      ).toBe('true')
      await expect.poll(() => canvasWidth(page), slow).toBeCloseTo(fitted, -1)
      await toolbar.getByRole('button', { name: '缩小', exact: true }).click()
      await expect.poll(() => canvasWidth(page), slow).toBeLessThan(fitted)
      await expectNoAxeViolations(page)
      await dialog.getByRole('button', { name: '关闭' }).first().click()

      // A second preview reuses pdf.js and its worker.
      await preview.first().click()
      await expectPdfPreviewShown(page)
      expect(workerLoads).toHaveLength(1)
      expect(errors).toEqual([])
      await close()
    })
  }

  it('keeps the open date-range picker on a phone screen and opens a category with a tap', async () => {
    const { page, errors, close } = await openPhone()
    await page.goto(`${baseUrl}/business/list`)
    await waitForHydration(page)
    await page.getByPlaceholder('开始日期').tap()
    const calendar = page.locator(
      '.ant-picker-dropdown .ant-picker-panel-container',
    )
    await calendar.waitFor()
    // The calendar opens with antd's slide: measured once it has settled.
    await expect
      .poll(
        () => page.locator('.ant-picker-dropdown').getAttribute('class'),
        slow,
      )
      .not.toMatch(/-appear/)
    await expect
      .poll(async () => {
        const box = (await calendar.boundingBox())!
        return box.x >= 0 && box.x + box.width <= 375
      }, slow)
      .toBe(true)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375)
    // Both months are there, one above the other.
    const months = await page
      .locator('.ant-picker-dropdown .ant-picker-panel')
      .evaluateAll((panels) => panels.map((p) => p.getBoundingClientRect().y))
    expect(months).toHaveLength(2)
    expect(months[1]).toBeGreaterThan(months[0]!)
    await page.keyboard.press('Escape')

    await page.getByLabel('交易类别').tap()
    await page
      .locator('.ant-cascader-menu-item', { hasText: /^工程建设$/ })
      .tap()
    const menus = page.locator('.ant-cascader-dropdown .ant-cascader-menu')
    await expect.poll(() => menus.count(), slow).toBe(2)
    const kind = menus.nth(1).locator('.ant-cascader-menu-item').first()
    const kindName = await kind.innerText()
    await kind.tap()
    await page.waitForURL(/category=1\d\d/)
    await expect
      .poll(() => page.locator('.ant-cascader-dropdown:visible').count(), slow)
      .toBe(0)
    // The select shows the new category once the page has loaded the filtered list.
    await expect
      .poll(
        () => page.locator('#project-category').locator('..').innerText(),
        slow,
      )
      .toContain(kindName)
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('keeps the open date-range picker beside its field at 1440 px', async () => {
    const { page, errors, close } = await journey.openPage(1440)
    await page.goto(`${baseUrl}/business/list`)
    await waitForHydration(page)
    await page.getByPlaceholder('开始日期').click()
    const calendar = page.locator(
      '.ant-picker-dropdown .ant-picker-panel-container',
    )
    await calendar.waitFor()
    const months = await page
      .locator('.ant-picker-dropdown .ant-picker-panel')
      .evaluateAll((panels) => panels.map((p) => p.getBoundingClientRect().y))
    expect(months).toHaveLength(2)
    expect(months[0]).toBe(months[1])
    const box = (await calendar.boundingBox())!
    expect(box.x + box.width).toBeLessThanOrEqual(1440)
    await page.keyboard.press('Escape')
    await calendar.waitFor({ state: 'hidden' })
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})
