import path from 'node:path'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { PLATFORM_NAME } from '#common/constants/site.ts'
import {
  MSG_FAVORITE_FAILED,
  MSG_SEARCH_PLACEHOLDER,
} from '#common/messages.ts'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  holdCalls,
  listTitles,
  useJourneyBrowser,
  waitForHydration,
} from './browser.ts'
import { baseUrl, dataDir } from './portal-under-test.ts'

const journey = useJourneyBrowser()

const { openPage } = journey

/** Opens articles with attachments, newest first, until one has a PDF; returns its preview button. */
async function openArticleWithPdf(page: Page) {
  const previewButton = () =>
    page.getByRole('button', { name: /在线预览 .+\.pdf/ }).first()
  for (let pageNo = 1; pageNo <= 8; pageNo++) {
    await page.goto(`${baseUrl}/index/newList?page=${pageNo}`)
    const withFiles = page
      .locator('main ul li h2', { has: page.getByLabel('含附件') })
      .locator('a')
    for (const href of await withFiles.evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')),
    )) {
      await page.goto(`${baseUrl}${href}`)
      if (await previewButton().count()) {
        // The button answers once the page's scripts run, after the first paint.
        await waitForHydration(page)
        return previewButton()
      }
    }
  }
  throw new Error('no article with a PDF attachment in the demo content')
}

describe('reading the news', () => {
  it('goes from the home page through tabs, list, paging and a time filter to an article and its PDF', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/`)
    expect(new URL(page.url()).pathname).toBe('/index/new')
    expect(await page.title()).toBe(PLATFORM_NAME)

    const slides = page.locator(
      'section[aria-label="图片新闻"] .slick-slide:not(.slick-cloned) img',
    )
    expect(await slides.count()).toBeGreaterThanOrEqual(3)
    // 暂停 is drawn on top of the slides, where it can be seen and clicked (WCAG 2.2.2).
    const toggle = page.getByRole('button', { name: '暂停图片轮播' })
    await toggle.scrollIntoViewIfNeeded()
    const box = (await toggle.boundingBox())!
    expect(
      await page.evaluate(
        ([x, y]) =>
          document
            .elementFromPoint(x!, y!)
            ?.closest('button')
            ?.getAttribute('aria-label') ?? null,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toBe('暂停图片轮播')
    await expectNoAxeViolations(page)

    await page.getByRole('tab', { name: '通知公告' }).click()
    const noticePanel = page.getByRole('tabpanel', { name: '通知公告' })
    await expect
      .poll(() => noticePanel.locator('li a').count())
      .toBeGreaterThan(3)
    await noticePanel.getByRole('link', { name: /更多通知公告/ }).click()
    await page.waitForURL(/\/index\/newList\?category=notice/)

    // Client-side navigation reads through the signed, encrypted Portal API.
    const signedCall = page.waitForRequest(
      (r) =>
        r.url().endsWith('/JdPortalApi/Article/PageList') &&
        Boolean(r.headers()['x-sign']),
    )
    // The first client navigation loads the list's code too; a busy machine needs more than 1 s.
    await expect
      .poll(() => listTitles(page).then((t) => t.length), { timeout: 60_000 })
      .toBe(10)
    const firstPage = await listTitles(page)
    await page.getByRole('link', { name: '下一页' }).click()
    await page.waitForURL(/page=2/)
    const request = await signedCall
    const envelope = (await (await request.response())!.json()) as {
      State: number
      Data: string
    }
    expect(envelope.State).toBe(200)
    expect(envelope.Data).toMatch(/^[A-Za-z0-9+/]+=*$/)
    // The URL changes before React commits the new page: wait for the list itself.
    await expect.poll(() => listTitles(page)).not.toEqual(firstPage)
    expect((await listTitles(page)).length).toBeGreaterThan(0)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await page.locator('label', { hasText: '近7天' }).click()
    await page.waitForURL(/time=7d/)
    expect(new URL(page.url()).searchParams.get('page')).toBeNull()
    await expect
      .poll(() => page.getByRole('radio', { name: '近7天' }).isChecked())
      .toBe(true)
    await expect.poll(() => listTitles(page)).not.toEqual(firstPage)
    const dates = await page
      .locator('main ul li span', { hasText: '发布时间' })
      .allInnerTexts()
    expect(dates.length).toBeGreaterThan(0)
    const weekAgo = Date.now() - 8 * 24 * 3600 * 1000
    for (const text of dates)
      expect(Date.parse(text.replace('发布时间：', ''))).toBeGreaterThan(
        weekAgo,
      )

    const previewButton = await openArticleWithPdf(page)
    const articleTitle = await page.locator('main article h1').innerText()
    expect(await page.title()).toBe(`${articleTitle} - ${PLATFORM_NAME}`)
    await waitForHydration(page)
    await previewButton.click()
    await expectPdfPreviewShown(page)

    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('filters the list by a keyword and keeps it in the URL', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/index/newList`)
    const keyword = page.getByRole('searchbox', { name: '关键字' })
    await keyword.fill('水库')
    await keyword.press('Enter')
    await page.waitForURL(/keyword=/)
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('水库')
    await expect
      .poll(() => listTitles(page).then((t) => t.length))
      .toBeGreaterThan(0)
    // Every result is about the keyword: in its title, summary or body.
    const hrefs = await page
      .locator('main ul li h2 a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    for (const href of hrefs) {
      const article = await (await fetch(`${baseUrl}${href}`)).text()
      expect(article.match(/<article[\s\S]*<\/article>/)?.[0]).toContain('水库')
    }
    await page.reload()
    await expect.poll(() => keyword.inputValue()).toBe('水库')
    expect(errors).toEqual([])
    await close()
  })

  it('keeps the layout and explains when the API cannot answer', async () => {
    const { page, close } = await openPage()
    await page.goto(`${baseUrl}/index/newList`)
    await waitForHydration(page)
    await page.route('**/JdPortalApi/Article/PageList', (route) =>
      route.fulfill({ json: { State: 500, Msg: '服务繁忙，请稍后再试' } }),
    )
    await page.getByRole('link', { name: '下一页' }).click()
    await expect
      .poll(() => page.getByText('服务繁忙，请稍后再试').count())
      .toBe(1)
    const main = page.getByRole('main')
    await expect.poll(() => main.getByText('服务暂时不可用').count()).toBe(1)
    expect(await main.getByRole('button', { name: '重新加载' }).count()).toBe(1)
    expect(
      await page.getByRole('navigation', { name: '栏目导航' }).count(),
    ).toBe(1)
    await expectNoAxeViolations(page)
    await close()
  })

  it('offers the way back from a page past the end of the list', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/index/newList?category=notice&page=99`)
    expect(await page.getByText('该页没有信息').count()).toBe(1)
    await page.getByRole('link', { name: '返回第一页' }).click()
    await page.waitForURL(/\/index\/newList\?category=notice$/)
    await expect.poll(() => listTitles(page).then((t) => t.length)).toBe(10)
    expect(errors).toEqual([])
    await close()
  })

  it('shows the loading flag while client-side data loads', async () => {
    const { page, close } = await openPage()
    await page.goto(`${baseUrl}/index/newList`)
    await waitForHydration(page)
    // The page's call is held until the flag has been seen, however slowly the machine runs.
    const release = await holdCalls(page, '**/JdPortalApi/Article/PageList')
    await page.getByRole('link', { name: '下一页' }).click()
    await expect
      .poll(() => page.locator('main[aria-busy="true"]').count())
      .toBe(1)
    await release()
    await page.waitForURL(/page=2/)
    await expect
      .poll(() => page.locator('main[aria-busy="false"]').count())
      .toBe(1)
    await close()
  })
})

describe('the common layout', () => {
  it('searches from the header, keeps breadcrumbs right, redirects unknown paths and opens external links in new windows', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/index/newList`)
    const crumbs = page.getByRole('navigation', { name: '当前位置' })
    expect(
      await crumbs.getByRole('link', { name: '首页' }).getAttribute('href'),
    ).toBe('/index')
    expect(await crumbs.getByRole('link', { name: '新闻列表' }).count()).toBe(0)

    await page.goto(`${baseUrl}/business/list`)
    expect(
      await crumbs.getByRole('link', { name: '首页' }).getAttribute('href'),
    ).toBe('/')
    expect(
      await crumbs.getByRole('link', { name: '项目信息' }).getAttribute('href'),
    ).toBe('/business')
    expect(await crumbs.getByText('交易列表').count()).toBe(1)
    expect(
      await page
        .getByRole('navigation', { name: '栏目导航' })
        .locator('[aria-current="page"]')
        .innerText(),
    ).toBe('项目信息')

    const search = page.getByPlaceholder(MSG_SEARCH_PLACEHOLDER).first()
    await search.fill('水库')
    await search.press('Enter')
    await page.waitForURL(/\/search\?keyword=/)
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('水库')
    await expect.poll(() => page.getByRole('search').count()).toBe(0)

    await page.goto(`${baseUrl}/no/such/page`)
    expect(new URL(page.url()).pathname).toBe('/index/new')
    const notFound = await page.goto(`${baseUrl}/404`)
    expect(notFound?.status()).toBe(404)
    expect(await page.getByText('页面不存在').count()).toBeGreaterThan(0)

    const external = page.locator('a[target="_blank"]')
    expect(await external.count()).toBeGreaterThan(10)
    for (const rel of await external.evaluateAll((links) =>
      links.map((a) => a.getAttribute('rel')),
    )) {
      expect(rel).toContain('noopener')
    }
    // The external site is unreachable from the test machine; the new window itself is what counts.
    const loginLink = page.getByRole('link', { name: '登录 / 注册' })
    expect(await loginLink.getAttribute('href')).toMatch(/^https:\/\//)
    const popup = page.waitForEvent('popup')
    await loginLink.click()
    expect(await popup).toBeTruthy()
    expect(
      await page.getByRole('link', { name: '在线学习' }).getAttribute('target'),
    ).toBe('_blank')

    await page.getByRole('button', { name: '加入收藏' }).click()
    await expect.poll(() => page.getByText(MSG_FAVORITE_FAILED).count()).toBe(1)
    for (const type of [
      '国家部委',
      '省级水利厅（局）',
      '地州市交易中心',
      '其他网站',
    ]) {
      expect(await page.getByRole('heading', { name: type }).count()).toBe(1)
    }
    expect(await page.getByText('400-9955-015').count()).toBeGreaterThan(0)

    await expectNoAxeViolations(page)
    // Visiting /404 on purpose makes the browser log its 404 status; nothing else may appear.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([])
    await close()
  })

  it('checks the deployed version on every route change and reloads when it is new', async () => {
    const { page, close } = await openPage()
    await page.goto(`${baseUrl}/index/new`)
    // The page paints before its scripts run; a link followed before then is a plain page load.
    await waitForHydration(page)
    const answers: number[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/version.json')
        answers.push(response.status())
    })
    // The build that rendered the page is live: the portal answers the check with an empty 304.
    await page.getByRole('link', { name: '政策法规' }).first().click()
    await page.waitForURL(/\/policies\/list/)
    await expect.poll(() => answers).toEqual([304])

    await page.route('**/version.json?t=*', (route) =>
      route.fulfill({ json: { version: 'a-newer-build' } }),
    )
    const reloaded = page.waitForEvent('load')
    await page.getByRole('link', { name: '项目信息' }).first().click()
    await reloaded
    expect(answers).toEqual([304, 200])
    await close()
  })

  it('lets a keyboard user skip straight to the content', async () => {
    const { page, close } = await openPage()
    await page.goto(`${baseUrl}/index/newList`)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: '跳到主要内容' })
    await expect
      .poll(() => skip.evaluate((a) => a === document.activeElement))
      .toBe(true)
    expect(await skip.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('main-content')
    await close()
  })

  it('lays out for a phone at 375 px without horizontal scrolling', async () => {
    const { page, errors, close } = await openPage(375)
    await page.goto(`${baseUrl}/index/newList`)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(375)
    expect(await listTitles(page)).toHaveLength(10)
    // Its only answer is "press Ctrl+D", a key a phone does not have.
    expect(await page.getByRole('button', { name: '加入收藏' }).count()).toBe(0)
    expect(errors).toEqual([])
    await close()
  })
})

describe('without JavaScript', () => {
  it('still shows the articles, their pages and an article body', async () => {
    const context = await journey
      .browser()
      .newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/index/newList`)
    const titles = await listTitles(page)
    expect(titles).toHaveLength(10)
    await page.locator('a', { hasText: '下一页' }).click()
    await page.waitForURL(/page=2/)
    await expect.poll(() => listTitles(page)).not.toEqual(titles)
    await page.locator('main ul li h2 a').first().click()
    await page.waitForURL(/newDetail\?id=/)
    expect(
      (await page.locator('main article').innerText()).length,
    ).toBeGreaterThan(200)
    await context.close()
  })

  it('redirects as the route table says', async () => {
    const redirects: [string, string][] = [
      ['/', '/index'],
      ['/index', '/index/new'],
      ['/business', '/business/list'],
      ['/complaint', '/complaint/index'],
      ['/policies', '/policies/list'],
      ['/no/such/page', '/'],
    ]
    for (const [from, to] of redirects) {
      const response = await fetch(`${baseUrl}${from}`, { redirect: 'manual' })
      expect([from, response.status, response.headers.get('location')]).toEqual(
        [from, 302, to],
      )
    }
  })

  it('sends titles and text in the server HTML', async () => {
    const html = await (await fetch(`${baseUrl}/index/new`)).text()
    expect(html).toContain(`<title>${PLATFORM_NAME}</title>`)
    expect(
      html.match(/\/index\/newDetail\?id=\d+/g)?.length ?? 0,
    ).toBeGreaterThan(20)
    expect(html).toContain('400-9955-015')
  })
})

describe('when a part of the page fails to load', () => {
  it('tells the visitor and offers a reload instead of a white page', async () => {
    const { page, errors, close } = await openPage()
    const previewButton = await openArticleWithPdf(page)
    await page.route('**/assets/pdf-viewer-*.js', (route) => route.abort())
    await previewButton.click()
    await expect
      .poll(() => page.getByText(/ChunkLoadError/).count())
      .toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: '刷新页面' }).count()).toBe(1)
    await expect
      .poll(() => page.getByText('在线预览暂时无法加载').count())
      .toBeGreaterThan(0)
    expect(await page.locator('main article h1').count()).toBe(1)
    // The aborted request itself is logged by the browser; nothing else may be.
    expect(
      errors.filter(
        (e) => !/Failed to (load resource|fetch dynamically)/.test(e),
      ),
    ).toEqual([])
    await close()
  })
})

describe('subscribing to a list', () => {
  it.each([375, 1440])(
    'finds the notices’ feed beside the list by keyboard, and in the head, at %i px',
    async (width) => {
      const { page, errors, close } = await openPage(width)
      await page.goto(`${baseUrl}/index/newList?category=notice`)
      await waitForHydration(page)
      const rss = page.getByRole('link', { name: /^RSS 订阅 ?：通知公告$/ })
      expect(await rss.isVisible()).toBe(true)
      expect(await rss.getAttribute('href')).toBe('/feeds/notice.rss')
      // Reached by Tab from the top of the page, before the list's first article.
      let reached = false
      for (let i = 0; i < 120 && !reached; i++) {
        await page.keyboard.press('Tab')
        reached = await page.evaluate(
          () =>
            document.activeElement?.getAttribute('href') ===
            '/feeds/notice.rss',
        )
      }
      expect(reached).toBe(true)
      const alternates = await page
        .locator('head link[rel="alternate"]')
        .evaluateAll((links) =>
          links.map((l) => [l.getAttribute('type'), l.getAttribute('href')]),
        )
      expect(alternates).toEqual([
        ['application/rss+xml', `${baseUrl}/feeds/notice.rss`],
        ['application/atom+xml', `${baseUrl}/feeds/notice.atom`],
      ])
      await page.screenshot({
        path: path.join(
          process.env.SCREENSHOT_DIR ?? dataDir,
          `news-list-feed-${width}.png`,
        ),
      })
      await expectNoAxeViolations(page)
      expect(errors).toEqual([])
      await close()
    },
  )
})
