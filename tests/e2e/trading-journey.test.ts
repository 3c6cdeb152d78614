import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

// Client-side loads share the machine with the server: give each poll time.
const slow = { timeout: 60_000 }
const { openPage } = useJourneyBrowser()

const WIDTHS = [375, 1440] as const

/** Today in the portal's zone (Asia/Shanghai), as YYYY-MM-DD: the demo was made today. */
const today = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(
    new Date(),
  )

const param = (page: Page, name: string) =>
  new URL(page.url()).searchParams.get(name)

/**
 * Pairs of the elements under `scope` that cover one another: every two shown elements of
 * `selector` of which neither holds the other and whose boxes share more than a pixel.
 */
function overlapsWithin(scope: Locator, selector: string) {
  return scope.evaluateAll((roots, sel) => {
    const found: string[] = []
    for (const root of roots) {
      const elements = [...root.querySelectorAll<HTMLElement>(sel)].filter(
        (el) => el.getClientRects().length > 0,
      )
      const boxes = elements.map((el) => el.getBoundingClientRect())
      for (let i = 0; i < elements.length; i++)
        for (let j = i + 1; j < elements.length; j++) {
          const [a, b] = [elements[i]!, elements[j]!]
          if (a.contains(b) || b.contains(a)) continue
          const [p, q] = [boxes[i]!, boxes[j]!]
          const x = Math.min(p.right, q.right) - Math.max(p.left, q.left)
          const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top)
          if (x > 1 && y > 1)
            found.push(
              `${a.tagName} "${a.textContent?.slice(0, 12)}" / ${b.tagName} "${b.textContent?.slice(0, 12)}"`,
            )
        }
    }
    return found
  }, selector)
}

/** The page is no wider than the window: nothing sticks out sideways. */
const expectNoSideways = async (page: Page, width: number) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(width)

describe("a bidder's home page", () => {
  for (const width of WIDTHS) {
    it(`shows today's openings and the newest notices, whose links open what they name, at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/`)
      expect(new URL(page.url()).pathname).toBe('/index/new')

      // The schedule says which day it counts by, in Beijing time.
      const [, month, day] = today().split('-').map(Number)
      const schedule = page.getByRole('region', { name: '开标与报名截止' })
      expect(await schedule.innerText()).toContain(`今天 ${month}月${day}日`)

      const openings = schedule.getByRole('region', { name: /^今日开标/ })
      const entries = openings.getByRole('listitem')
      // The demo opens bids on the day it is made.
      expect(await entries.count()).toBeGreaterThan(0)
      const times = await openings.locator('time').allInnerTexts()
      for (const time of times) expect(time.trim()).toMatch(/^\d{2}:\d{2}$/)
      expect(times).toEqual([...times].sort())
      const figure = page
        .getByRole('definition')
        .filter({ has: page.getByRole('link', { name: /^本周开标/ }) })
      const openingsThisWeek = Number(
        (await figure.getByRole('link').innerText()).trim(),
      )
      expect(openingsThisWeek).toBeGreaterThanOrEqual(await entries.count())

      // Each entry leads to its project, which states the same opening time.
      const first = entries.first()
      const name = await first.getByRole('link').innerText()
      const minute = (await first.locator('time').innerText()).trim()
      const notices = page.getByRole('region', { name: '最新交易公告' })
      await expect
        .poll(() => overlapsWithin(page.locator('main'), 'section'), slow)
        .toEqual([])
      for (const region of [schedule, notices, page.locator('main dl')])
        expect(
          await overlapsWithin(region, 'h2, h3, li, a, time, p, dt, dd, span'),
        ).toEqual([])
      await expectNoSideways(page, width)
      await expectNoAxeViolations(page)

      await waitForHydration(page)
      await first.getByRole('link').click()
      await page.waitForURL(/\/business\/detail\?id=\d+$/)
      await expect
        .poll(() => page.locator('main h1').innerText(), slow)
        .toBe(name)
      // The project's own facts: the first list of the page (招标投标概况 follows it).
      const facts = page.locator('main dl').first()
      await expect
        .poll(() => facts.innerText(), slow)
        .toContain(`${today()} ${minute}`)

      // The newest tender notice opens on its own stage's tab.
      await page.goBack()
      await page.waitForURL(/\/index\/new$/)
      const tender = page
        .getByRole('region', { name: /^招标/ })
        .getByRole('link')
        .first()
      const title = await tender.getAttribute('title')
      await tender.click()
      await page.waitForURL(/\/business\/detail\?id=\d+&stage=\w+/)
      await expect
        .poll(
          () => page.getByRole('tabpanel').locator('h2').first().innerText(),
          slow,
        )
        .toBe(title)

      // The week's figure and its list agree: the list is that week, soonest first.
      await page.goBack()
      await page.waitForURL(/\/index\/new$/)
      await page
        .getByRole('region', { name: /^本周开标/ })
        .getByRole('link', { name: /查看本周全部开标项目/ })
        .click()
      await page.waitForURL(/\/business\/list\?opening=week&sort=openingTime/)
      await expect
        .poll(() => page.getByRole('main').innerText(), slow)
        .toContain(`共 ${openingsThisWeek} 条`)
      expect(errors).toEqual([])
      await close()
    })
  }

  it('is readable without scripts, the whole schedule and the notices in the server page', async () => {
    const { page, close } = await openPage(1440, { javaScriptEnabled: false })
    await page.goto(`${baseUrl}/index/new`)
    for (const name of ['今日开标', '今日报名截止', '本周开标', '本周报名截止'])
      expect(
        await page
          .getByRole('heading', { name: new RegExp(`^${name}`) })
          .count(),
      ).toBe(1)
    expect(
      await page
        .getByRole('region', { name: '最新交易公告' })
        .getByRole('link')
        .count(),
    ).toBeGreaterThan(6)
    await close()
  })
})

/** The rows of the project list: their current stage and opening, as shown. */
async function listedRows(page: Page) {
  return page.locator('main tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const cell = (label: string) =>
        row.querySelector(`td[data-label="${label}"]`)?.textContent ?? ''
      return {
        stage: cell('当前环节'),
        opening: cell('开标时间'),
        title: row.querySelector('h2 a')?.textContent ?? '',
      }
    }),
  )
}

describe('the project list sorted by opening and filtered by stage', () => {
  for (const width of WIDTHS) {
    it(`sorts by keyboard, says so with aria-sort, and keeps it all in a URL that reproduces it, at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/business/list`)
      await waitForHydration(page)

      // The current stage: registration closed, bids not yet opened.
      await page.getByLabel('当前环节').click()
      // The select is drawn without its code until first used: the visitor types once its
      // list has opened.
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .waitFor()
      await page.keyboard.type('投标报名')
      await page.keyboard.press('Enter')
      await page.waitForURL(/currentStage=bidRegistration/)
      await expect
        .poll(
          async () => [
            ...new Set((await listedRows(page)).map((r) => r.stage)),
          ],
          slow,
        )
        .toEqual(['投标报名'])

      // Sort by the opening from the keyboard: from the header before it, Tab, then Enter.
      const header = (name: string) =>
        page.getByRole('columnheader', { name: new RegExp(`^${name}`) })
      expect(await header('开标时间').getAttribute('aria-sort')).toBeNull()
      expect(await header('发布时间').getAttribute('aria-sort')).toBe(
        'descending',
      )
      await header('报名截止').getByRole('link').focus()
      await page.keyboard.press('Tab')
      expect(
        await page.evaluate(() => document.activeElement?.textContent),
      ).toMatch(/^开标时间/)
      await page.keyboard.press('Enter')
      await page.waitForURL(/sort=openingTime/)
      expect(param(page, 'currentStage')).toBe('bidRegistration')
      await expect
        .poll(() => header('开标时间').getAttribute('aria-sort'), slow)
        .toBe('ascending')
      expect(await header('发布时间').getAttribute('aria-sort')).toBeNull()
      const ascending = await listedRows(page)
      expect(ascending.length).toBeGreaterThan(1)
      const openings = ascending.map((row) => row.opening)
      expect(openings).toEqual([...openings].sort())

      // Enter again: the other way round.
      await header('开标时间').getByRole('link').focus()
      await page.keyboard.press('Enter')
      await page.waitForURL(/order=desc/)
      await expect
        .poll(() => header('开标时间').getAttribute('aria-sort'), slow)
        .toBe('descending')
      await expect
        .poll(
          async () => (await listedRows(page)).map((row) => row.opening),
          slow,
        )
        .toEqual([...openings].reverse())

      // The address alone gives the same view: a fresh page opened on it.
      const url = page.url()
      const shown = await listedRows(page)
      const other = await openPage(width)
      await other.page.goto(url)
      expect(await listedRows(other.page)).toEqual(shown)
      expect(
        await other.page
          .getByRole('columnheader', { name: /^开标时间/ })
          .getAttribute('aria-sort'),
      ).toBe('descending')
      expect(
        await other.page.getByRole('search', { name: '项目检索' }).innerText(),
      ).toContain('投标报名')
      await other.close()

      // Nothing covers anything: the headers (a sort bar on a phone) and every row.
      const table = page.getByRole('table')
      expect(await overlapsWithin(table, 'tr, th, h2, td')).toEqual([])
      expect(
        await overlapsWithin(table, 'th a, h2 a, .ant-tag, td > span, time'),
      ).toEqual([])
      await expectNoSideways(page, width)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })
  }

  it("filters this week's openings with a choice in the search area, and says plainly when nothing matches or a sort is unknown", async () => {
    const { page, errors, close } = await openPage(1440)
    await page.goto(`${baseUrl}/business/list?sort=openingTime`)
    await waitForHydration(page)
    await page
      .getByRole('group', { name: '开标时间' })
      .getByText('本周', { exact: true })
      .click()
    await page.waitForURL(/opening=week/)
    expect(param(page, 'sort')).toBe('openingTime')
    await expect
      .poll(async () => (await listedRows(page)).length, slow)
      .toBeGreaterThan(0)
    // A filter that finds nothing says what is missing in plain Chinese.
    await page.goto(
      `${baseUrl}/business/list?deadline=today&keyword=${encodeURIComponent('没有这个项目')}`,
    )
    expect(await page.getByText('暂无符合条件的项目').count()).toBe(1)
    // An unknown sort field in the address is ignored, not an error.
    const response = await page.goto(
      `${baseUrl}/business/list?sort=amount&order=up`,
    )
    expect(response?.status()).toBe(200)
    expect(
      await page
        .getByRole('columnheader', { name: /^发布时间/ })
        .getAttribute('aria-sort'),
    ).toBe('descending')
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})
