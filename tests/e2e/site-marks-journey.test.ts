import { readFile } from 'node:fs/promises'

import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  COMPLAINT_ACCEPTANCE_WORKDAYS,
  COMPLAINT_DECISION_WORKDAYS,
} from '#common/constants/statute.ts'
import { PLATFORM_NAME, SERVICE_HOTLINE } from '#common/constants/site.ts'

import {
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const { openPage } = useJourneyBrowser()
const WIDTHS = [375, 1440] as const

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width &&
  b.x < a.x + a.width &&
  a.y < b.y + b.height &&
  b.y < a.y + a.height

/** No two of the elements cover each other, and none runs off the page's width. */
async function expectLaidOutApart(items: Locator, width: number) {
  const boxes = (await items.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect()
      return { x: r.x, y: r.y, width: r.width, height: r.height }
    }),
  )) as Box[]
  expect(boxes.length).toBeGreaterThan(1)
  for (const [i, a] of boxes.entries()) {
    expect(a.x).toBeGreaterThanOrEqual(0)
    expect(a.x + a.width).toBeLessThanOrEqual(width)
    for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false)
  }
}

async function expectFitsWidth(page: Page, width: number) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
  ).toBeLessThanOrEqual(width)
}

/** Follows a footer service link as a visitor does, by client navigation. */
async function openFromFooter(page: Page, label: string, path: string) {
  await page.goto(`${baseUrl}/index/new`)
  await waitForHydration(page)
  await page
    .getByRole('navigation', { name: '网站服务' })
    .getByRole('link', { name: label })
    .click()
  await page.waitForURL(`${baseUrl}${path}`)
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).innerText())
    .toBe(label)
  expect(await page.title()).toBe(`${label} - ${PLATFORM_NAME}`)
  const crumbs = page.getByRole('navigation', { name: '当前位置' })
  expect((await crumbs.innerText()).replace(/\s+/g, '')).toBe(
    `当前位置：首页/${label}`,
  )
}

describe('the marks of a government site', () => {
  for (const width of WIDTHS) {
    it(`shows the footer's registration numbers, linked to their filing systems, at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/index/new`)
      const footer = page.getByRole('contentinfo')
      expect(await footer.getByText('网站标识码：6500000000').count()).toBe(1)
      const icp = footer.getByRole('link', { name: '新ICP备00000000号' })
      expect(await icp.getAttribute('href')).toBe('https://beian.miit.gov.cn/')
      const psb = footer.getByRole('link', {
        name: '新公网安备65010002000000号',
      })
      expect(await psb.getAttribute('href')).toBe(
        'https://beian.mps.gov.cn/#/query/webSearch?code=65010002000000',
      )
      for (const link of [icp, psb]) {
        expect(await link.getAttribute('target')).toBe('_blank')
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
      }
      // This portal is started without CONAC_MARK_URL: no 党政机关 mark, and no image of one.
      expect(await footer.getByText('党政机关').count()).toBe(0)
      expect(await footer.locator('img').count()).toBe(0)
      const bar = footer
        .getByRole('navigation', { name: '网站服务' })
        .locator('..')
      await bar.scrollIntoViewIfNeeded()
      await expectLaidOutApart(bar.locator('nav > a, nav + div > *'), width)
      await expectFitsWidth(page, width)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })

    it(`opens the site map from the footer and reaches a page from it at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await openFromFooter(page, '网站地图', '/sitemap')
      const sections = page.locator('main section:has(> h2)')
      expect(await sections.locator('h2').allInnerTexts()).toEqual([
        '首页',
        '项目信息',
        '投诉举报',
        '政策法规',
        '信用信息',
        '公众服务',
        '信息订阅（RSS / Atom）',
      ])
      await expectLaidOutApart(sections, width)
      await expectFitsWidth(page, width)
      const links = await page
        .locator('main section a')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))
      expect(links).toContain('/business/list?category=1')
      expect(links).toContain('/policies/list?category=interface')
      await page
        .getByRole('region', { name: '投诉举报' })
        .getByRole('link', { name: '投诉查询' })
        .click()
      await page.waitForURL(`${baseUrl}/complaint/search`)
      await page.goBack()
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe('网站地图')
      // Checked at rest, not under the pointer that just clicked a link.
      await page.mouse.move(0, 0)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })

    it(`downloads a form from the download centre at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await openFromFooter(page, '下载中心', '/download')
      const entries = page.locator('main li[id^="download-"]')
      expect(await entries.count()).toBeGreaterThanOrEqual(5)
      await expectLaidOutApart(entries, width)
      await expectFitsWidth(page, width)
      // Every file says its kind and size before it is fetched.
      const files = page.locator('main li[id^="download-"] ul li')
      for (const text of await files.allInnerTexts())
        expect(text).toMatch(/\.(pdf|docx)\s*(PDF|Word) · \d+(\.\d)? KB$/)

      const entry = entries.filter({
        has: page.getByRole('heading', {
          name: '水利工程建设项目招标投标投诉书（范本）',
        }),
      })
      const file = entry.getByRole('link', { name: /投诉书（范本）\.docx/ })
      const stated = await entry.locator('ul li > span').innerText()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        file.click(),
      ])
      expect(download.suggestedFilename()).toBe(
        '水利工程建设项目招标投标投诉书（范本）.docx',
      )
      const bytes = await readFile((await download.path())!)
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
      expect(stated).toBe(`Word · ${(bytes.length / 1024).toFixed(1)} KB`)

      // Each entry has its own page, the address a search result leads to.
      await entry
        .getByRole('link', {
          name: '水利工程建设项目招标投标投诉书（范本）',
          exact: true,
        })
        .click()
      await page.waitForURL(/\/download\/detail\?id=\d+$/)
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe('水利工程建设项目招标投标投诉书（范本）')
      const crumbs = page.getByRole('navigation', { name: '当前位置' })
      expect(
        await crumbs
          .getByRole('link', { name: '下载中心' })
          .getAttribute('href'),
      ).toBe('/download')
      await expectFitsWidth(page, width)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })

    it(`answers the questions of bidders and complainants at ${width} px`, async () => {
      const { page, errors, close } = await openPage(width)
      await openFromFooter(page, '常见问题', '/faq')
      const index = page.getByRole('navigation', { name: '问题目录' })
      const questions = index.getByRole('link')
      expect(await questions.count()).toBeGreaterThanOrEqual(12)
      await index.getByRole('link', { name: /什么是查询码/ }).click()
      await page.waitForURL(/#faq-query-code$/)
      const answer = page.getByRole('article', { name: /什么是查询码/ })
      await expect.poll(() => answer.isVisible()).toBe(true)
      expect(await answer.innerText()).toContain('12位')
      const text = await page.locator('main').innerText()
      for (const fact of [
        '10日内提出投诉',
        `${COMPLAINT_ACCEPTANCE_WORKDAYS}个工作日内决定是否受理`,
        `${COMPLAINT_DECISION_WORKDAYS}个工作日内作出书面处理决定`,
        '暂定',
        '电子印章',
        SERVICE_HOTLINE,
      ])
        expect(text).toContain(fact)
      await expectLaidOutApart(page.locator('main article'), width)
      await expectFitsWidth(page, width)
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    })
  }
})
