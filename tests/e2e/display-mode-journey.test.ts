import AxeBuilder from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { acceptNotice } from './complaint-filing.ts'
import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const { openPage } = useJourneyBrowser()
const POLL = { timeout: 60_000 }

const modeOf = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.getAttribute('data-display-mode'),
  )

const modeCookie = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'display-mode')
    ?.value

/**
 * What a reader of the 适老化 mode meets on the page as it is now: reading text under 18 px
 * (the page's text, headings, list rows, article bodies, form fields, the side menu), any text
 * of the content under 16 px (captions, dates and the trail are 16 px), every target
 * smaller than 44 × 44 px (WCAG 2.5.5: links in running text are exempt; a radio or checkbox
 * counts with its label, antd's fields and tabs with their boxes), and the animations running.
 */
function readingOf(page: Page) {
  return page.evaluate(() => {
    const size = (element: Element) =>
      parseFloat(getComputedStyle(element).fontSize)
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect()
      return (
        box.width > 0 &&
        box.height > 0 &&
        getComputedStyle(element).visibility !== 'hidden' &&
        !element.closest('.visually-hidden, [aria-hidden="true"]')
      )
    }
    const reading = [
      document.body,
      ...document.querySelectorAll(
        // A radio's or a checkbox's own input is drawn by antd as a mark beside its label,
        // with no text of its own: its label is read as text (below).
        'main h1, main h2, main h3, main li a, main input:not([type="radio"], [type="checkbox"]), main textarea, main .ant-select, main .portal-rich-text, nav[aria-label="栏目导航"] a',
      ),
    ].filter(
      (element) =>
        isShown(element) &&
        !element.closest('.portal-breadcrumbs') &&
        (element.matches('input, textarea') || element.textContent?.trim()),
    )
    // Text drawn at all: the carousel's dots carry their number at 0 px, for no one to see.
    const texts = [...document.querySelectorAll('main *')].filter(
      (element) =>
        isShown(element) &&
        size(element) > 0 &&
        [...element.childNodes].some(
          (node) =>
            node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        ),
    )
    const targets = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="radio"], [role="checkbox"]',
    )
    const small: string[] = []
    for (const element of targets) {
      if (element.closest('p, .portal-rich-text, .skip-link')) continue
      const target =
        (element.matches('input[type="radio"], input[type="checkbox"]')
          ? element.closest('label')
          : null) ??
        (element.matches('[role="tab"]')
          ? element.closest('.ant-tabs-tab')
          : null) ??
        element.closest(
          '.ant-input-affix-wrapper, .ant-select, .ant-picker, .ant-input-search',
        ) ??
        element
      if (!isShown(target)) continue
      const box = target.getBoundingClientRect()
      if (box.width < 43.5 || box.height < 43.5)
        small.push(
          `${(element.textContent || element.getAttribute('aria-label') || element.tagName).trim().slice(0, 20)} ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
    }
    const under = (elements: Element[], px: number) =>
      elements
        .filter((element) => size(element) < px)
        .map(
          (element) =>
            `${(element.textContent || `${element.tagName}#${element.id}`).trim().slice(0, 30)} ${size(element)} px`,
        )
    return {
      smallReading: under(reading, 18),
      smallText: under(texts, 16),
      small,
      running: document
        .getAnimations()
        .filter((animation) => animation.playState === 'running').length,
    }
  })
}

/** The page as the 适老化 mode promises it, and as wide as the screen. */
async function expectReadable(page: Page) {
  await expect
    .poll(() => readingOf(page), { ...POLL, message: page.url() })
    .toEqual({
      smallReading: [],
      smallText: [],
      small: [],
      running: 0,
    })
  await expectFitsWithoutOverlap(page)
}

/** axe in the mode, and its contrast of 7:1 (WCAG 1.4.6) besides the journeys' usual checks. */
async function expectAxeClean(page: Page) {
  await expectNoAxeViolations(page)
  const enhanced = await new AxeBuilder({ page })
    .withRules(['color-contrast-enhanced'])
    .exclude('.ant-message')
    .analyze()
  expect(
    enhanced.violations.flatMap((v) =>
      v.nodes.map((node) => node.target.join(' ')),
    ),
  ).toEqual([])
}

describe('the 适老化 mode', () => {
  it('is switched on from the top bar by keyboard at 375 px, holds over a client-side navigation and a reload, and is switched off', async () => {
    const { page, context, errors, close } = await openPage(375)
    await page.goto(`${baseUrl}/index/newList?page=2`)
    await waitForHydration(page)
    expect(await modeOf(page)).toBeNull()
    const standardText = await page
      .locator('main ul li h2 a')
      .first()
      .evaluate((a) => parseFloat(getComputedStyle(a).fontSize))

    // Tab from the top of the page: the skip link, then the mode's switch.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    expect(await focused.innerText()).toBe('适老模式')
    await page.keyboard.press('Enter')
    await expect.poll(() => modeOf(page), POLL).toBe('elder')
    // Drawn in place, on the same page, with the choice kept for the next visit.
    expect(page.url()).toBe(`${baseUrl}/index/newList?page=2`)
    expect(await modeCookie(context)).toBe('elder')
    expect(
      await page.getByRole('button', { name: '退出适老模式' }).isVisible(),
    ).toBe(true)
    const elderText = await page
      .locator('main ul li h2 a')
      .first()
      .evaluate((a) => parseFloat(getComputedStyle(a).fontSize))
    expect(elderText).toBeGreaterThan(standardText)
    await expectReadable(page)
    await expectAxeClean(page)

    // A client-side navigation: the page is not loaded again, and stays in the mode.
    await page.evaluate(() => {
      ;(window as { stayed?: boolean }).stayed = true
    })
    await page
      .getByRole('navigation', { name: '栏目导航' })
      .getByRole('link', { name: '政策法规' })
      .click()
    await page.waitForURL(/\/policies\/list/)
    await page
      .getByRole('heading', { name: /法律法规/ })
      .first()
      .waitFor()
    expect(
      await page.evaluate(() => (window as { stayed?: boolean }).stayed),
    ).toBe(true)
    expect(await modeOf(page)).toBe('elder')
    await expectReadable(page)

    // A reload: the server's page is in the mode from its first byte, its stylesheet in the
    // head, so nothing is drawn in the standard look first.
    const reloaded = await page.reload()
    const html = (await reloaded?.text()) ?? ''
    expect(html).toMatch(
      /^<!DOCTYPE html><html lang="zh-CN" data-display-mode="elder">/,
    )
    expect(
      html.indexOf('<link rel="stylesheet" href="/assets/elder-'),
    ).toBeGreaterThan(0)
    expect(
      html.indexOf('<link rel="stylesheet" href="/assets/elder-'),
    ).toBeLessThan(html.indexOf('</head>'))
    await waitForHydration(page)
    expect(await modeOf(page)).toBe('elder')
    await expectReadable(page)

    // Switched off by keyboard: the standard look at once, and the cookie gone.
    await page.getByRole('button', { name: '退出适老模式' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => modeOf(page), POLL).toBeNull()
    expect(await modeCookie(context)).toBeUndefined()
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(
            document.querySelector('.ant-app')!,
          ).getPropertyValue('--ant-font-size'),
        ),
      )
      .toBe('14px')
    const again = await page.reload()
    expect(await again?.text()).toMatch(/^<!DOCTYPE html><html lang="zh-CN">/)
    expect(errors).toEqual([])
    await close()
  })

  it('is switched without scripts too: the form posts, the server keeps the choice and returns to the page', async () => {
    const { page, context, errors, close } = await openPage(375, {
      javaScriptEnabled: false,
    })
    await page.goto(`${baseUrl}/search?keyword=${encodeURIComponent('水利')}`)
    await page.getByRole('button', { name: '适老模式' }).focus()
    await page.keyboard.press('Enter')
    // The same page again, from the server, in the mode.
    await expect.poll(() => modeOf(page), POLL).toBe('elder')
    expect(page.url()).toBe(
      `${baseUrl}/search?keyword=${encodeURIComponent('水利')}`,
    )
    expect(await modeCookie(context)).toBe('elder')
    await expectReadable(page)
    await page.getByRole('button', { name: '退出适老模式' }).press('Enter')
    await expect.poll(() => modeOf(page), POLL).toBeNull()
    expect(await modeCookie(context)).toBeUndefined()
    expect(errors).toEqual([])
    await close()
  })

  for (const width of [375, 1440]) {
    it(`keeps the pages readable and usable at ${width} px: home, a list, a detail, search and the complaint form`, async () => {
      const { page, context, errors, close } = await openPage(width)
      await context.addCookies([
        { name: 'display-mode', value: 'elder', url: baseUrl },
      ])
      await page.goto(`${baseUrl}/index/newList`)
      const detail = await page
        .locator('main ul li h2 a')
        .first()
        .getAttribute('href')
      for (const path of [
        '/index/new',
        '/index/newList',
        detail!,
        '/business/list',
        `/search?keyword=${encodeURIComponent('水利')}`,
      ]) {
        await page.goto(`${baseUrl}${path}`)
        await waitForHydration(page)
        expect(await modeOf(page), path).toBe('elder')
        await expectReadable(page)
        await expectAxeClean(page)
      }
      await page.goto(`${baseUrl}/complaint/apply`)
      await acceptNotice(page)
      expect(await modeOf(page)).toBe('elder')
      // Looked at once the form has drawn its fields, the complainant's kind among the first.
      await page.getByRole('radio', { name: '自然人' }).waitFor()
      await expectReadable(page)
      await expectAxeClean(page)
      expect(errors).toEqual([])
      await close()
    })
  }
})
