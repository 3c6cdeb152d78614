import { describe, expect, it } from 'vitest'

import { POLICY_CATEGORIES } from '#common/constants/articles.ts'
import {
  DEPARTMENT_ADDRESS,
  PLATFORM_NAME,
  SERVICE_HOTLINE,
} from '#common/constants/site.ts'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  listTitles,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl } from './portal-under-test.ts'

const journey = useJourneyBrowser()

const { openPage } = journey

/** A title each category of the demo content is known to hold. */
const KNOWN_TITLE: Record<string, RegExp> = {
  national: /^中华人民共和国招标投标法$/,
  regional: /^自治区水利工程建设项目招标投标监督管理办法$/,
  interpretation: /^政策解读：异议与投诉有什么不同$/,
  interface: /^水利工程招标投标在线监督平台数据交换接口规范/,
}

describe('reading policies and regulations', () => {
  it('browses each of the four categories from the menu, through the signed API', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/policies`)
    expect(new URL(page.url()).pathname).toBe('/policies/list')
    await waitForHydration(page)
    const menu = page.getByRole('navigation', { name: '政策法规分类' })
    expect(await menu.locator('[aria-current="page"]').innerText()).toBe(
      '国家法律法规',
    )
    expect(await page.title()).toBe(`国家法律法规 - ${PLATFORM_NAME}`)
    expect(await listTitles(page)).toContainEqual(
      expect.stringMatching(KNOWN_TITLE.national!),
    )

    for (const category of POLICY_CATEGORIES.slice(1)) {
      const signedCall = page.waitForRequest(
        (r) =>
          r.url().endsWith('/JdPortalApi/Article/PageList') &&
          Boolean(r.headers()['x-sign']) &&
          r.postDataJSON()?.ctype === category.ctype,
      )
      await menu.getByRole('link', { name: category.label }).click()
      await page.waitForURL(new RegExp(`category=${category.key}`))
      await signedCall
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe(category.label)
      await expect
        .poll(() => listTitles(page))
        .toContainEqual(expect.stringMatching(KNOWN_TITLE[category.key]!))
      expect(await menu.locator('[aria-current="page"]').innerText()).toBe(
        category.label,
      )
      expect(await page.title()).toBe(`${category.label} - ${PLATFORM_NAME}`)
      // A category's list holds that category only: every row links to a policy detail.
      for (const href of await page
        .locator('main ul li h2 a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
        expect(href).toMatch(/^\/policies\/detail\?id=\d+$/)
    }

    // The overview shows every category with its latest items and a way to the rest.
    await page.goto(`${baseUrl}/policies/index`)
    for (const category of POLICY_CATEGORIES) {
      const panel = page.getByRole('region', { name: category.label })
      expect(await panel.locator('li a').count()).toBeGreaterThanOrEqual(3)
    }
    await page
      .getByRole('region', { name: '政策解读' })
      .getByRole('link', { name: /查看全部政策解读/ })
      .click()
    await page.waitForURL(/\/policies\/list\?category=interpretation$/)
    await expect
      .poll(() => listTitles(page))
      .toContainEqual(expect.stringMatching(KNOWN_TITLE.interpretation!))

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('keeps a keyword filter and the category in the URL, through a reload', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/policies/list?category=regional`)
    await waitForHydration(page)
    const keyword = page.getByRole('searchbox', { name: '关键字' })
    await keyword.fill('回避')
    await keyword.press('Enter')
    await page.waitForURL(/keyword=/)
    const params = new URL(page.url()).searchParams
    expect(params.get('keyword')).toBe('回避')
    expect(params.get('category')).toBe('regional')
    await expect
      .poll(() => listTitles(page))
      .toEqual(['自治区水利工程建设项目评标专家管理办法'])

    await page.reload()
    await expect.poll(() => keyword.inputValue()).toBe('回避')
    expect(await listTitles(page)).toEqual([
      '自治区水利工程建设项目评标专家管理办法',
    ])
    // A keyword that matches nothing says so in Chinese.
    await keyword.fill('不存在的关键字组合')
    await keyword.press('Enter')
    await expect
      .poll(() => page.getByText('暂无符合条件的信息').count())
      .toBe(1)

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('opens a law, reads one of its articles, pages within the category and previews its PDF', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/policies/index`)
    await page
      .getByRole('region', { name: '国家法律法规' })
      .getByRole('link', { name: /查看全部国家法律法规/ })
      .click()
    await page.waitForURL(/category=national/)
    await page
      .getByRole('main')
      .getByRole('link', { name: '中华人民共和国招标投标法', exact: true })
      .click()
    await page.waitForURL(/\/policies\/detail\?id=\d+/)
    const article = page.locator('main article')
    await expect
      .poll(() => article.locator('h1').innerText())
      .toBe('中华人民共和国招标投标法')
    expect(await page.title()).toBe(
      `中华人民共和国招标投标法 - ${PLATFORM_NAME}`,
    )
    const meta = await article.innerText()
    // The document's facts as a table above its text.
    expect(meta).toMatch(/发布机关\s+全国人民代表大会常务委员会/)
    expect(meta).toMatch(/文号\s+中华人民共和国主席令第二十一号/)
    expect(meta).toContain('发布日期：1999-08-30')
    expect(meta).toContain('中华人民共和国主席令第二十一号')
    expect(meta).toContain('节选')
    expect(
      await article.getByRole('heading', { name: '第一章　总　则' }).count(),
    ).toBe(1)
    // Article 65: the right to object and to complain, read as a visitor reads it.
    const article65 = article.locator('p', {
      has: page.locator('strong', { hasText: /^第六十五条$/ }),
    })
    expect(await article65.innerText()).toBe(
      '第六十五条　投标人和其他利害关系人认为招标投标活动不符合本法有关规定的，有权向招标人提出异议或者依法向有关行政监督部门投诉。',
    )

    const crumbs = page.getByRole('navigation', { name: '当前位置' })
    expect(await crumbs.innerText()).toContain('政策法规详情')

    const previewButton = page.getByRole('button', {
      name: '在线预览 中华人民共和国招标投标法.pdf',
    })
    // A click before hydration would find the button without its handler.
    await waitForHydration(page)
    await previewButton.click()
    const dialog = await expectPdfPreviewShown(page)
    await expect.poll(() => dialog.count()).toBe(0)

    // The neighbours are laws too: prev/next stay within the category.
    const neighbours = page.getByRole('navigation', { name: '上一篇和下一篇' })
    await neighbours.getByRole('link').first().click()
    await expect
      .poll(() => article.locator('h1').innerText())
      .not.toBe('中华人民共和国招标投标法')
    expect(await article.innerText()).toContain('栏目：国家法律法规')

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('answers an unknown or non-policy id with a Chinese not-found page', async () => {
    const { page, close } = await openPage()
    const missing = await page.goto(`${baseUrl}/policies/detail?id=999999`)
    expect(missing?.status()).toBe(404)
    expect(await page.getByText('页面不存在').count()).toBeGreaterThan(0)
    // A news article is not shown as a policy.
    await page.goto(`${baseUrl}/index/newList`)
    const newsHref = await page
      .locator('main ul li h2 a')
      .first()
      .getAttribute('href')
    const newsId = new URLSearchParams(newsHref!.split('?')[1]).get('id')
    const other = await page.goto(`${baseUrl}/policies/detail?id=${newsId}`)
    expect(other?.status()).toBe(404)
    expect(
      await page.getByRole('navigation', { name: '栏目导航' }).count(),
    ).toBe(1)
    await expectNoAxeViolations(page)
    await close()
  })

  it('works without JavaScript: category links and the keyword form', async () => {
    const context = await journey
      .browser()
      .newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/policies/list?category=interpretation`)
    await page.getByRole('searchbox', { name: '关键字' }).fill('投诉')
    // antd spaces a two-character button label: 查 询.
    await page.getByRole('button', { name: /^查\s?询$/ }).click()
    await page.waitForURL(/keyword=/)
    const params = new URL(page.url()).searchParams
    expect(params.get('category')).toBe('interpretation')
    const titles = await listTitles(page)
    expect(titles.length).toBeGreaterThan(0)
    expect(titles).toContainEqual(expect.stringContaining('投诉'))
    await page
      .getByRole('navigation', { name: '政策法规分类' })
      .getByRole('link', { name: '接口规范' })
      .click()
    await page.waitForURL(/category=interface/)
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('投诉')
    await context.close()
  })
})

describe('the contact page', () => {
  it('gives the address, hotline, complaint office, office hours and a map', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/index/new`)
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: '联系我们' })
      .click()
    await page.waitForURL(/\/contact$/)
    expect(await page.title()).toBe(`联系我们 - ${PLATFORM_NAME}`)
    const main = page.getByRole('main')
    await expect
      .poll(() => main.getByRole('heading', { name: '联系我们' }).count())
      .toBe(1)
    const text = await main.innerText()
    for (const expected of [
      '指导单位',
      '自治区水利厅',
      DEPARTMENT_ADDRESS,
      '投诉受理电话',
      '技术支持',
      '工作日',
      '午间休息',
      '法定节假日除外',
    ])
      expect(text).toContain(expected)
    expect(
      await main
        .getByRole('link', { name: SERVICE_HOTLINE })
        .getAttribute('href'),
    ).toBe(`tel:${SERVICE_HOTLINE}`)
    expect(await main.getByRole('img', { name: /位置示意图/ }).count()).toBe(1)
    const mapLink = main.getByRole('link', { name: /在高德地图中查看/ })
    expect(await mapLink.getAttribute('target')).toBe('_blank')
    expect(await mapLink.getAttribute('rel')).toContain('noopener')
    expect(await mapLink.getAttribute('href')).toContain(
      encodeURIComponent(DEPARTMENT_ADDRESS),
    )
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('fits a 375 px phone, as do the policy pages', async () => {
    const { page, errors, close } = await openPage(375)
    for (const path of ['/contact', '/policies/index', '/policies/list']) {
      await page.goto(`${baseUrl}${path}`)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(375)
    }
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})
