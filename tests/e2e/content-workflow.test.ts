import dayjs from 'dayjs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { PORTAL_TIME_ZONE } from '#common/date-range.ts'
import type { ContentItemDetail } from '#common/schemas/content/workflow.ts'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  listTitles,
  useJourneyBrowser,
  waitForHydration,
  tick,
  openedDialog,
} from './browser.ts'
import { fileInput, PDF } from './complaint-filing.ts'
import {
  act,
  choose,
  contentTeam,
  currentRevision,
  desk,
  newContent,
  type Person,
  signedIn as signedInAt,
  typeInBody,
} from './content-console.ts'
import { consolePage } from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

const { browser } = useJourneyBrowser()
const signedIn = (person: Person, link: string) =>
  signedInAt(browser(), person, link)

const admin = { accountName: 'zhou.admin', displayName: '周管理' }
const editor: Person = {
  accountName: 'wang.editor',
  displayName: '王编辑',
  role: '内容编辑',
}
const reviewer: Person = {
  accountName: 'zhao.reviewer',
  displayName: '赵审核',
  role: '内容审核',
}

const TITLE = '关于开展2026年度水利工程招标投标专项检查的通知'
const RETURN_COMMENT = '请写明报名截止时间'
const CORRECTION_NOTE = '更正了检查开始日期'
const WITHDRAW_REASON = '专项检查已结束'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

/** The item opened from the content list, filtered as a figure of the home page filters it. */
async function openFromFigure(page: Page, figure: RegExp) {
  await page.goto(`${baseUrl}/admin`)
  await consolePage(page, /^欢迎/)
  await page.getByRole('link', { name: figure }).click()
  await consolePage(page, '内容管理')
  await page
    .getByRole('row', { name: new RegExp(TITLE) })
    .getByRole('link', { name: TITLE })
    .click()
  await consolePage(page, TITLE)
}

// Refusals the journey meets on purpose are none: every browser error is unexpected.
describe('the department publishes a notice through the review workflow', () => {
  it('written, previewed, returned, fixed, scheduled, published, corrected and withdrawn, each step by its role', async () => {
    const { editorLink, reviewerLink } = await contentTeam(browser(), admin, {
      editor,
      reviewer,
    })

    // The editor drafts a 通知公告 with a cover picture and a PDF attachment.
    const writer = await signedIn(editor, editorLink)
    const page = writer.page
    expect(
      await page
        .getByRole('navigation', { name: '管理菜单' })
        .getByRole('link')
        .allInnerTexts(),
    ).toEqual(['工作台', '内容管理'])
    expect(
      await page.getByRole('region', { name: '内容待办' }).isVisible(),
    ).toBe(true)
    await page.getByRole('link', { name: '内容管理' }).first().click()
    await consolePage(page, '内容管理')
    await expectNoAxeViolations(page)
    await newContent(page, '新闻公告')
    await page.getByRole('button', { name: '保存草稿' }).click()
    await page.getByText('请输入标题').waitFor()
    await choose(page, '栏目', '通知公告')
    await page.getByLabel('标题').fill(TITLE)
    await typeInBody(page, '各有关单位：定于12月1日起开展专项检查。')
    await fileInput(page, '封面图片').setInputFiles({
      name: '检查现场.png',
      mimeType: 'image/png',
      buffer: PNG,
    })
    await page.getByRole('img', { name: '封面图片：检查现场.png' }).waitFor()
    await fileInput(page, '附件').setInputFiles({
      name: '专项检查方案.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await page.getByRole('link', { name: '专项检查方案.pdf' }).waitFor()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: '保存草稿' }).click()
    await consolePage(page, TITLE)
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/content\/\d+$/)
    expect(await currentRevision(page)).toContain('草稿')

    // The preview: the public page's look, marked, never cached or indexed.
    const [preview] = await Promise.all([
      writer.context.waitForEvent('page'),
      page
        .getByRole('region', { name: '状态' })
        .getByRole('link', { name: /预览/ })
        .click(),
    ])
    await preview.waitForLoadState()
    const previewAnswer = await writer.context.request.get(preview.url())
    expect(new URL(preview.url()).pathname).toMatch(
      /^\/admin\/content\/\d+\/preview\/1$/,
    )
    expect(previewAnswer.headers()['cache-control']).toBe('no-store')
    expect(previewAnswer.headers()['x-robots-tag']).toBe('noindex')
    expect(previewAnswer.headers()['content-security-policy']).toBeTruthy()
    await preview.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    expect(
      await preview
        .getByRole('complementary', { name: '预览提示' })
        .innerText(),
    ).toContain('此页面未公开')
    expect(
      await preview.locator('meta[name="robots"]').getAttribute('content'),
    ).toBe('noindex')
    await preview.getByText('专项检查方案.pdf').waitFor()
    await expectNoAxeViolations(preview)
    await preview.close()

    await page.getByRole('button', { name: '提交审核' }).click()
    await expect.poll(() => currentRevision(page)).toContain('待审核')

    // The reviewer returns it with a comment.
    const desk2 = await signedIn(reviewer, reviewerLink)
    const review = desk2.page
    await openFromFigure(review, /待审核\s*：\s*1\s*条/)
    expect(await review.getByRole('textbox', { name: '标题' }).count()).toBe(0)
    await expectNoAxeViolations(review)
    await act(review, '退回', '退回修改', '确认退回', {
      退回意见: RETURN_COMMENT,
    })
    await expect.poll(() => currentRevision(review)).toContain('已退回')

    // The editor reads the comment, fixes the body and submits again.
    await page.reload()
    await consolePage(page, TITLE)
    await page.getByText(`退回意见：${RETURN_COMMENT}`).waitFor()
    await typeInBody(page, '报名截止时间为11月28日。')
    await page.getByRole('button', { name: '提交审核' }).click()
    await expect.poll(() => currentRevision(page)).toContain('待审核')

    // The reviewer schedules it for the next minute on the portal's clock, or the one after
    // when the next is too close to be confirmed before it comes (a past time is refused).
    await review.reload()
    await consolePage(review, TITLE)
    await review.getByRole('button', { name: '定时发布', exact: true }).click()
    const schedule = await openedDialog(review, '定时发布')
    await schedule.getByLabel('发布时间').waitFor()
    await expectNoAxeViolations(review)
    const now = dayjs().tz(PORTAL_TIME_ZONE)
    const nextMinute = now.add(1, 'minute').startOf('minute')
    const at =
      nextMinute.diff(now, 'second') >= 15
        ? nextMinute
        : nextMinute.add(1, 'minute')
    await schedule.getByLabel('发布时间').fill(at.format('YYYY-MM-DDTHH:mm'))
    await schedule.getByRole('button', { name: '确认定时发布' }).click()
    await schedule.waitFor({ state: 'hidden' })
    await expect.poll(() => currentRevision(review)).toContain('定时发布')

    // Not public before its time; on the list, its page, the search and the Portal API after.
    const visitor = await desk(browser())
    const reader = visitor.page
    await reader.goto(`${baseUrl}/index/newList?category=notice`)
    expect(await listTitles(reader)).not.toContain(TITLE)

    // While the scheduled minute comes, what does not wait for it.
    // Script and event handlers sent straight to the staff API, past the editor (which would
    // strip them itself): the server keeps the text and drops the rest, and the public page,
    // title and body, runs none of it.
    const hostile = await staffCall(page, 'POST', '/content/items', {
      kind: 'article',
      fields: {
        categoryId: 1073,
        title: '<img src=x onerror="window.__ran=1">关于防汛值班的通知',
        content:
          '<p onmouseover="window.__ran=2">汛期值班安排</p><script>window.__ran=3</script>' +
          '<img src="x" onerror="window.__ran=4"><a href="javascript:window.__ran=5">值班表</a>' +
          '<svg><script>window.__ran=6</script></svg><iframe src="javascript:parent.__ran=7"></iframe>',
      },
    })
    await staffCall(page, 'POST', `/content/items/${hostile.id}/submit`, {
      base: { revisionNo: 1, version: hostile.working.version },
    })
    const approved = await staffCall(
      review,
      'POST',
      `/content/items/${hostile.id}/approve`,
      { base: { revisionNo: 1, version: hostile.working.version + 1 } },
    )
    const dialogs: string[] = []
    reader.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await reader.goto(`${baseUrl}${approved.publicPath}`)
    await waitForHydration(reader)
    const body = reader.locator('main')
    await body.getByText('汛期值班安排').hover()
    const link = body.locator('a', { hasText: '值班表' })
    expect(await link.getAttribute('href')).toBeNull()
    await link.click()
    expect(
      await reader.evaluate(() => (window as { __ran?: number }).__ran),
    ).toBeUndefined()
    expect(dialogs).toEqual([])
    expect(
      await body.locator('script, iframe, [onerror], [onmouseover]').count(),
    ).toBe(0)

    // On a phone the list is one block per item, nothing drawn over anything.
    const itemPage = page.url()
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${baseUrl}/admin/content`)
    await consolePage(page, '内容管理')
    await expectFitsWithoutOverlap(page)
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto(itemPage)

    // The minute is waited out by asking the server for the list's page, not by loading it in
    // the browser every time (a page load costs the browser a second of CPU); then the reader
    // sees it.
    const noticeList = `${baseUrl}/index/newList?category=notice`
    await expect
      .poll(async () => (await fetch(noticeList)).text(), {
        timeout: 200_000,
        interval: 1000,
      })
      .toContain(TITLE)
    await reader.goto(noticeList)
    expect(await listTitles(reader)).toContain(TITLE)
    expect(dayjs().tz(PORTAL_TIME_ZONE).isAfter(at.subtract(1, 'second'))).toBe(
      true,
    )
    await reader.getByRole('link', { name: TITLE }).click()
    await reader.getByRole('heading', { level: 1, name: TITLE }).waitFor()
    const publicUrl = reader.url()
    expect(await reader.locator('main').innerText()).toContain(
      '报名截止时间为11月28日',
    )
    await reader.goto(
      `${baseUrl}/search?keyword=${encodeURIComponent('专项检查')}`,
    )
    await reader.getByRole('link', { name: TITLE }).first().waitFor()
    // A client-side move reads through the signed Portal API.
    await reader.goto(`${baseUrl}/index/new`)
    await waitForHydration(reader)
    const portalCall = reader.waitForResponse((response) =>
      response.url().endsWith('/JdPortalApi/Article/PageList'),
    )
    await reader.getByRole('tab', { name: '通知公告' }).click()
    await reader
      .getByRole('tabpanel', { name: '通知公告' })
      .getByRole('link', { name: /更多通知公告/ })
      .click()
    expect((await portalCall).status()).toBe(200)
    await expect.poll(() => listTitles(reader)).toContain(TITLE)

    // The editor corrects it; the reviewer publishes the correction at once.
    await page.reload()
    await consolePage(page, TITLE)
    expect(await currentRevision(page)).toContain('已发布')
    await tick(page.getByRole('checkbox', { name: /已发布内容的更正/ }))
    await page.getByLabel('更正说明').fill(CORRECTION_NOTE)
    await typeInBody(page, '检查自12月2日起开展。')
    await fileInput(page, '附件').setInputFiles({
      name: '检查安排更正说明.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await page.getByRole('link', { name: '检查安排更正说明.pdf' }).waitFor()
    await page.getByRole('button', { name: '提交审核' }).click()
    await expect.poll(() => currentRevision(page)).toContain('待审核')
    await review.reload()
    await consolePage(review, TITLE)
    await act(review, '通过并立即发布', '通过并立即发布', '确认发布')
    await expect
      .poll(
        async () => {
          await reader.goto(publicUrl)
          return reader.locator('main').innerText()
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toContain('更正')

    // The history: every revision with its people, two of them compared.
    await review.reload()
    await consolePage(review, TITLE)
    const history = review.getByRole('region', { name: /修订记录/ })
    // A returned revision is fixed in place: its history keeps the return with its comment
    // beside the approval that scheduled it.
    const trail = await history.innerText()
    expect(trail).toContain(CORRECTION_NOTE)
    expect(trail).toMatch(
      new RegExp(
        `退回\\s*${reviewer.displayName}，[^\\n]*意见：${RETURN_COMMENT}`,
      ),
    )
    expect(trail).toMatch(
      new RegExp(`通过，定时发布\\s*${reviewer.displayName}，[^\\n]*定于`),
    )
    await tick(history.getByRole('checkbox', { name: /^比较\s*修订 1$/ }))
    await tick(history.getByRole('checkbox', { name: /^比较\s*修订 2$/ }))
    await history.getByRole('button', { name: '比较所选修订' }).click()
    const diff = review.getByRole('region', { name: '修订 1 与修订 2 的差异' })
    await diff.locator('ins').first().waitFor()
    expect(await diff.innerText()).toContain('［新增］')
    // A file is marked whole, by its name, beside those kept.
    const attachments = diff.locator('div', {
      has: review.getByRole('heading', { name: '附件', level: 4 }),
    })
    expect(await attachments.getByRole('listitem').allTextContents()).toEqual([
      '［未改动］专项检查方案.pdf',
      '［新增］检查安排更正说明.pdf',
    ])
    await expectNoAxeViolations(review)
    if (process.env.JOURNEY_SCREENSHOTS)
      await diff.screenshot({
        path: `${process.env.JOURNEY_SCREENSHOTS}/revision-diff.png`,
      })

    // Withdrawn with a reason: the public address says so instead of a 404.
    await act(review, '撤回', '撤回已发布内容', '确认撤回', {
      撤回原因: WITHDRAW_REASON,
    })
    await review
      .getByText(`撤回原因：${WITHDRAW_REASON}（公开页面显示此原因）`)
      .waitFor()
    await expect
      .poll(
        async () => {
          const answer = await reader.goto(publicUrl)
          return `${answer?.status()} ${await reader.locator('main').innerText()}`
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toMatch(new RegExp(`^(?!404).*撤回.*${WITHDRAW_REASON}`, 's'))

    for (const person of [writer, desk2, visitor]) {
      expect(person.errors).toEqual([])
      await person.context.close()
    }
  }, 480_000)
})

/**
 * A call of the staff API from a signed-in person's page, as a script of theirs would make it:
 * their session cookie and the CSRF token the session hands out. The answer's JSON; a refusal
 * fails the journey with the server's message.
 */
async function staffCall(
  page: Page,
  method: string,
  path: string,
  body: unknown,
): Promise<ContentItemDetail> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const session = await fetch('/staff-api/session', {
        headers: { accept: 'application/json' },
      })
      const { csrfToken } = (await session.json()) as { csrfToken: string }
      const response = await fetch(`/staff-api${path}`, {
        method,
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          'x-csrf-token': csrfToken,
        },
        body: JSON.stringify(body),
      })
      return { status: response.status, text: await response.text() }
    },
    { method, path, body },
  )
  expect(answer.status, answer.text).toBe(200)
  return JSON.parse(answer.text) as ContentItemDetail
}
