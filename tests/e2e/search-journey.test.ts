import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { MSG_SEARCH_PLACEHOLDER } from '#common/messages.ts'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const journey = useJourneyBrowser()

const { openPage } = journey

// Client navigations wait for the API; on a busy machine that takes more than a second.
const POLL = { timeout: 60_000 }

const resultTitles = (page: Page) =>
  page.locator('main ol li h3 a').allInnerTexts()

describe('searching the site', () => {
  it('searches a two-character word from the header, highlights it, and shows the same results after a reload', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/index/new`)
    const headerBox = page.getByRole('searchbox', { name: '站内搜索' })
    await headerBox.fill('水库')
    await headerBox.press('Enter')
    await page.waitForURL(/\/search\?keyword=/)
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('水库')

    // The header's box is hidden on the search page; the page has its own, holding the keyword.
    await expect
      .poll(() => resultTitles(page).then((t) => t.length), POLL)
      .toBe(10)
    expect(
      await page.getByRole('searchbox', { name: '站内搜索' }).count(),
    ).toBe(0)
    const ownBox = page.getByRole('searchbox', { name: '搜索关键字' })
    expect(await ownBox.inputValue()).toBe('水库')
    expect(await ownBox.getAttribute('placeholder')).toBe(
      MSG_SEARCH_PLACEHOLDER,
    )
    expect(
      await page.getByRole('heading', { level: 2 }).first().innerText(),
    ).toMatch(/^找到 \d+ 条与“水库”相关的结果$/)
    const marks = await page.locator('main ol li mark').allInnerTexts()
    expect(marks.length).toBeGreaterThan(10)
    expect(new Set(marks)).toEqual(new Set(['水库']))
    const titles = await resultTitles(page)
    // Titles that hold the keyword come before those that only mention it in the body.
    const firstWithout = titles.findIndex((t) => !t.includes('水库'))
    expect(
      firstWithout === -1 ||
        titles.slice(firstWithout).every((t) => !t.includes('水库')),
    ).toBe(true)

    await page.reload()
    await expect.poll(() => resultTitles(page), POLL).toEqual(titles)

    // A result leads to its detail page.
    const firstHref = await page
      .locator('main ol li h3 a')
      .first()
      .getAttribute('href')
    expect(firstHref).toMatch(
      /^\/(index\/newDetail|policies\/detail|business\/detail)\?id=\d+/,
    )

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('filters by type and time in the URL, pages, and says when nothing is found', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/search?keyword=${encodeURIComponent('水')}`)
    await expect
      .poll(() => resultTitles(page).then((t) => t.length), POLL)
      .toBe(10)
    // The filters navigate on the client once React has taken over the page.
    await waitForHydration(page)
    const firstPage = await resultTitles(page)

    await page.getByRole('link', { name: '下一页' }).click()
    await page.waitForURL(/page=2/)
    await expect.poll(() => resultTitles(page), POLL).not.toEqual(firstPage)

    await page.locator('label', { hasText: '新闻资讯' }).click()
    await page.waitForURL(/type=article/)
    expect(new URL(page.url()).searchParams.get('page')).toBeNull()
    await expect
      .poll(() => page.locator('main ol li .ant-tag').allInnerTexts(), POLL)
      .toEqual(Array(10).fill('新闻资讯'))

    await page.locator('label', { hasText: '今天' }).click()
    await page.waitForURL(/time=today/)
    await expect
      .poll(
        () => page.getByRole('heading', { level: 2 }).first().innerText(),
        POLL,
      )
      .toMatch(/相关的结果$/)

    const box = page.getByRole('searchbox', { name: '搜索关键字' })
    await box.fill('坎儿井暗渠不存在的词')
    await box.press('Enter')
    await page.waitForURL(/keyword=/)
    await expect
      .poll(
        () => page.getByRole('heading', { level: 2 }).first().innerText(),
        POLL,
      )
      .toBe('未找到与“坎儿井暗渠不存在的词”相关的结果')
    await page.getByRole('link', { name: '在全部类别和时间中搜索' }).click()
    await page.waitForURL((url) => !url.search.includes('type='))
    expect(new URL(page.url()).searchParams.get('keyword')).toBe(
      '坎儿井暗渠不存在的词',
    )

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('guides an empty search and survives a 10,000-character keyword', async () => {
    const { page, errors, close } = await openPage(375)
    await page.goto(`${baseUrl}/search?keyword=${encodeURIComponent('   ')}`)
    await expect
      .poll(
        () =>
          page.getByRole('heading', { name: '请输入关键字开始搜索' }).count(),
        POLL,
      )
      .toBe(1)
    await page.getByRole('link', { name: '除险加固' }).click()
    await page.waitForURL(/keyword=/)
    await expect
      .poll(() => resultTitles(page).then((t) => t.length), POLL)
      .toBeGreaterThan(0)

    // 10,000 characters; ones a URL carries as they are, so the request line stays within
    // the server's header limit. Only the first 100 are searched: 水库 and symbols.
    const keyword = `水库 ${"*_'-".repeat(2_499)}`
    expect(keyword).toHaveLength(9_999)
    const response = await page.goto(
      `${baseUrl}/search?keyword=${encodeURIComponent(keyword)}`,
    )
    expect(response?.status()).toBe(200)
    await expect
      .poll(
        () => page.getByText('关键字过长，仅按前 100 个字符搜索').count(),
        POLL,
      )
      .toBe(1)
    expect((await resultTitles(page)).length).toBe(10)
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('works without scripts: results are in the page and the form submits', async () => {
    const { page, close } = await openPage(1440, { javaScriptEnabled: false })
    await page.goto(`${baseUrl}/search?keyword=${encodeURIComponent('招标')}`)
    expect((await resultTitles(page)).length).toBe(10)
    await page.getByRole('searchbox', { name: '搜索关键字' }).fill('水库')
    await page.getByRole('button', { name: '搜索' }).click()
    await page.waitForURL(/keyword=%E6%B0%B4%E5%BA%93/)
    expect(await page.locator('main ol li mark').first().innerText()).toBe(
      '水库',
    )
    await close()
  })
})
