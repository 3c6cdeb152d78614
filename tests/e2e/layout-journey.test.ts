import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { PLATFORM_NAME } from '#common/constants/site.ts'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const slow = { timeout: 60_000 }
const { openPage } = useJourneyBrowser()
const WIDTHS = [375, 1440] as const

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height

/**
 * What the fixed 在线学习 entry lies over where the page is now scrolled: every line of text
 * and every image or control under it, outside the entry itself.
 */
function coveredByStudyEntry(page: Page) {
  return page.evaluate(() => {
    const entry = [...document.querySelectorAll('a')].find(
      (a) => a.textContent?.trim() === '在线学习',
    )
    if (!entry) throw new Error('no 在线学习 entry')
    const box = entry.getBoundingClientRect()
    // What shows of a box: its part inside every ancestor that clips it (an ellipsis, a
    // scrolling table).
    const isUnder = (r: DOMRect, from: Element | null) => {
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom]
      for (let el = from; el && el !== document.body; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === 'visible') continue
        const clip = el.getBoundingClientRect()
        left = Math.max(left, clip.left)
        top = Math.max(top, clip.top)
        right = Math.min(right, clip.right)
        bottom = Math.min(bottom, clip.bottom)
      }
      return (
        right - left > 1 &&
        bottom - top > 1 &&
        left < box.right &&
        box.left < right &&
        top < box.bottom &&
        box.top < bottom
      )
    }
    const covered: string[] = []
    const walker = document.createTreeWalker(
      document.body,
      NodeFilter.SHOW_TEXT,
    )
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || entry.contains(node)) continue
      const range = document.createRange()
      range.selectNodeContents(node)
      const parent = node.parentElement
      if ([...range.getClientRects()].some((r) => isUnder(r, parent)))
        covered.push(node.textContent.trim().slice(0, 30))
    }
    for (const el of document.body.querySelectorAll(
      'img, input, button, canvas, select, textarea',
    )) {
      if (!entry.contains(el) && isUnder(el.getBoundingClientRect(), el))
        covered.push(`<${el.tagName.toLowerCase()}>`)
    }
    return covered
  })
}

const scrollTo = (page: Page, where: 'top' | 'middle' | 'bottom') =>
  page.evaluate((at) => {
    const end = document.documentElement.scrollHeight - innerHeight
    window.scrollTo(0, at === 'top' ? 0 : at === 'middle' ? end / 2 : end)
  }, where)

describe('the complaint desk cards', () => {
  for (const width of WIDTHS) {
    it(`keep to their rows at ${width} px: no card over another, the button or the next heading`, async () => {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/complaint/index`)
      const cards = await page
        .getByRole('list', { name: '投诉办理入口' })
        .locator(':scope > li')
        .evaluateAll((items) =>
          items.map((li) => li.getBoundingClientRect().toJSON() as Box),
        )
      expect(cards).toHaveLength(5)
      for (const [i, a] of cards.entries())
        for (const b of cards.slice(i + 1)) expect(overlaps(a, b)).toBe(false)

      const button = (await page
        .getByRole('button', { name: '在线投诉' })
        .boundingBox())!
      const first = cards[0]!
      expect(button.y).toBeGreaterThanOrEqual(first.y)
      expect(button.y + button.height).toBeLessThanOrEqual(
        first.y + first.height,
      )
      for (const card of cards.slice(1))
        expect(overlaps(card, button)).toBe(false)

      const heading = (await page
        .getByRole('heading', { name: '一、投诉主体' })
        .boundingBox())!
      for (const card of cards)
        expect(card.y + card.height).toBeLessThanOrEqual(heading.y)

      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })
  }
})

describe('投诉处理情况', () => {
  for (const width of WIDTHS) {
    it(`shows the department's figures by month or quarter and by type, naming nobody, at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/complaint/index`)
      await page.getByRole('link', { name: '查看投诉处理情况' }).click()
      await page
        .getByRole('heading', { name: /^\d{4}年投诉处理情况$/ })
        .waitFor()
      const months = page.getByRole('region', { name: /按月份统计$/ })
      expect(await months.getByRole('row').count()).toBe(14)
      await expectNoAxeViolations(page)
      // The page keeps to the screen; the wide table scrolls sideways in its own box, which
      // the keyboard reaches.
      expect(
        await page.evaluate(
          () =>
            document.documentElement.scrollWidth -
            document.documentElement.clientWidth,
        ),
      ).toBe(0)
      expect(
        await months.evaluate(
          (box: HTMLElement) => box.scrollWidth > box.clientWidth,
        ),
      ).toBe(true)
      expect(await months.getAttribute('tabindex')).toBe('0')
      await page.getByRole('link', { name: '按季度' }).click()
      await page.waitForURL(/period=quarter/)
      const quarters = page.getByRole('region', { name: /按季度统计$/ })
      await expect.poll(() => quarters.getByRole('row').count()).toBe(6)
      expect(await page.getByText('承办人').count()).toBe(0)
      expect(errors).toEqual([])
      await close()
    })
  }
})

describe('the fixed 在线学习 entry', () => {
  const pages = ['/index/new', '/index/newList', '/complaint/list']

  for (const width of [1024, 1280, 1440]) {
    it(`keeps to a band of its own beside the content at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      for (const path of pages) {
        await page.goto(`${baseUrl}${path}`)
        for (const where of ['top', 'middle', 'bottom'] as const) {
          await scrollTo(page, where)
          expect(await coveredByStudyEntry(page), `${path} ${where}`).toEqual(
            [],
          )
        }
      }
      const entry = page.getByRole('link', { name: '在线学习' })
      expect(await entry.getAttribute('target')).toBe('_blank')
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(width)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })
  }

  it('is a bar along the bottom of a phone that the page ends above and focus never goes under', async () => {
    const { page, errors, close } = await openPage(375)
    for (const path of pages) {
      await page.goto(`${baseUrl}${path}`)
      await scrollTo(page, 'bottom')
      expect(await coveredByStudyEntry(page), path).toEqual([])
    }
    const bar = (await page
      .getByRole('link', { name: '在线学习' })
      .boundingBox())!
    expect(bar.width).toBe(375)
    expect(bar.y + bar.height).toBe(900)
    expect(bar.height).toBeGreaterThanOrEqual(44)

    // Through every link and field of the page, the one in focus is never under the bar.
    await scrollTo(page, 'top')
    await waitForHydration(page)
    const focusable = await page
      .locator('a[href], button, input')
      .evaluateAll((els) => els.length)
    for (let i = 0; i < focusable; i += 1) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const el = document.activeElement
        if (
          !el ||
          el === document.body ||
          el.textContent?.trim() === '在线学习'
        )
          return null
        const r = el.getBoundingClientRect()
        return { bottom: r.bottom, height: r.height, text: el.textContent }
      })
      if (focused && focused.height > 0)
        // Half a pixel of rounding between the two boxes is no overlap anyone sees.
        expect(focused.bottom, focused.text ?? '').toBeLessThanOrEqual(
          bar.y + 0.5,
        )
    }
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})

describe('headings, titles and the breadcrumb', () => {
  for (const width of WIDTHS) {
    it(`names every page once at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      const crumbs = () =>
        page
          .getByRole('navigation', { name: '当前位置' })
          .locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)')
          .allInnerTexts()
      const h1 = page.getByRole('heading', { level: 1 })

      await page.goto(`${baseUrl}/policies/index`)
      expect(await crumbs()).toEqual(['首页', '政策法规'])
      await expectNoAxeViolations(page)

      await page.goto(`${baseUrl}/login`)
      expect(await h1.allInnerTexts()).toEqual(['统一身份认证登录'])
      await expectNoAxeViolations(page)

      const missing = await page.goto(`${baseUrl}/404`)
      expect(missing?.status()).toBe(404)
      expect(await h1.allInnerTexts()).toEqual(['页面不存在'])
      await expectNoAxeViolations(page)

      await page.goto(`${baseUrl}/complaint/list`)
      const first = page.locator('main li h2 a').first()
      const project = await first.innerText()
      const complaintNo = (
        await page.locator('main li', { hasText: project }).first().innerText()
      ).match(/投诉编号：(\S+)/)![1]!
      await first.click()
      await page.waitForURL(/\/complaint\/detail\?id=\d+/)
      await expect
        .poll(() => h1.innerText(), slow)
        .toBe(`${project} 投诉处理结果（${complaintNo}）`)
      expect(await page.title()).toBe(
        `${project} 投诉处理结果（${complaintNo}） - ${PLATFORM_NAME}`,
      )
      await page.reload()
      expect(await page.title()).toBe(
        `${project} 投诉处理结果（${complaintNo}） - ${PLATFORM_NAME}`,
      )
      await expectNoAxeViolations(page)
      expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
      await close()
    })
  }

  it('says what the 全部 news category holds, on the home tab and the list', async () => {
    const note = '“全部”含通知公告、行业动态，不含新闻动态'
    for (const width of WIDTHS) {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/index/new`)
      await waitForHydration(page)
      const all = page.getByRole('tabpanel', { name: '全部' })
      expect(await all.getByText(note).isVisible()).toBe(true)
      await page.goto(`${baseUrl}/index/newList`)
      expect(await page.getByText(note).isVisible()).toBe(true)
      await page.goto(`${baseUrl}/index/newList?category=news`)
      expect(await page.getByText(note).count()).toBe(0)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    }
  })
})

describe('a page past the end of a list', () => {
  const lists = [
    '/index/newList',
    '/policies/list',
    '/business/list',
    '/complaint/list',
    '/complaint/feedback',
    '/search?keyword=水库',
  ]

  for (const width of WIDTHS) {
    it(`says how many pages there are and leads back, on every list page, at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      const pager = page.getByRole('navigation', { name: '分页' })
      for (const path of lists) {
        const joiner = path.includes('?') ? '&' : '?'
        await page.goto(`${baseUrl}${path}${joiner}page=999`)
        const main = page.getByRole('main')
        const text = await main.innerText()
        expect(text, path).not.toMatch(/第 999 \//)
        const pages = Number(
          text.match(/该页没有信息：列表共 (\d+) 页，没有第 999 页/)?.[1],
        )
        expect(pages, path).toBeGreaterThan(0)
        expect(await pager.count(), path).toBe(0)
        expect(
          await main.getByRole('link', { name: '返回第一页' }).count(),
        ).toBe(1)
        expect(
          await main.getByRole('link', { name: /转到最后一页/ }).count(),
        ).toBe(pages > 1 ? 1 : 0)
      }
      await expectNoAxeViolations(page)

      // The last page has rows and a pager that marks it.
      await page.goto(`${baseUrl}/index/newList?page=999`)
      const [, total, last] = (await page.getByRole('main').innerText()).match(
        /共 (\d+) 条，共 (\d+) 页/,
      )!
      await waitForHydration(page)
      await page
        .getByRole('link', { name: `转到最后一页（第 ${last} 页）` })
        .click()
      await page.waitForURL(new RegExp(`page=${last}$`))
      await expect
        .poll(() => page.locator('main ul li h2 a').count(), slow)
        .toBeGreaterThan(0)
      expect(
        await page.getByText(`共 ${total} 条，第 ${last} / ${last} 页`).count(),
      ).toBe(1)
      expect(
        await pager.locator('.ant-pagination-item-active').innerText(),
      ).toBe(last)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })
  }
})
