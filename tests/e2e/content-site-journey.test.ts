import { describe, expect, it } from 'vitest'

import { expectNoAxeViolations, useJourneyBrowser } from './browser.ts'
import {
  act,
  choose,
  contentTeam,
  currentRevision,
  desk,
  newContent,
  type Person,
  signedIn,
} from './content-console.ts'
import { consolePage } from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

const { browser } = useJourneyBrowser()

const admin = { accountName: 'tang.admin', displayName: '唐管理' }
const editor: Person = {
  accountName: 'su.editor',
  displayName: '苏编辑',
  role: '内容编辑',
}
const reviewer: Person = {
  accountName: 'du.reviewer',
  displayName: '杜审核',
  role: '内容审核',
}

const TITLE = '页脚链接：其他网站'
/** The group's links in the order the editor leaves them (the second moved up). */
const LINKS = [
  { title: '新疆维吾尔自治区人民政府', url: 'https://www.xinjiang.gov.cn/' },
  { title: '中国政府采购网', url: 'http://www.ccgp.gov.cn/' },
]

describe('a footer group changed through the console', () => {
  it('an editor refused a second 其他网站 opens its item and orders its links, a reviewer previews and publishes them, and the public footer shows them', async () => {
    const { editorLink, reviewerLink } = await contentTeam(browser(), admin, {
      editor,
      reviewer,
    })
    const writer = await signedIn(browser(), editor, editorLink)
    const checker = await signedIn(browser(), reviewer, reviewerLink)
    const page = writer.page
    const review = checker.page

    // The group has its item already: a second one is refused, naming the one to edit.
    await page.goto(`${baseUrl}/admin/content`)
    await consolePage(page, '内容管理')
    await newContent(page, '页脚链接')
    await choose(page, '链接分组', '其他网站')
    await page.getByLabel('第1条链接的标题').fill(LINKS[1]!.title)
    await page.getByLabel('第1条链接的地址').fill(LINKS[1]!.url)
    await page.getByRole('button', { name: '保存草稿' }).click()
    const holder = page.getByRole('link', { name: /^打开内容编号 \d+/ })
    await holder.waitFor()
    await page.getByText('页脚「其他网站」分组已有内容').waitFor()
    await page.goto(`${baseUrl}${await holder.getAttribute('href')}`)
    await consolePage(page, TITLE)
    const item = page.url()

    // Its links replaced by two, the second moved above the first.
    const rows = page.getByLabel(/^第\d+条链接的标题$/)
    while ((await rows.count()) > 1)
      await page.getByRole('button', { name: '删除第1条链接' }).click()
    await page.getByLabel('第1条链接的标题').fill(LINKS[1]!.title)
    await page.getByLabel('第1条链接的地址').fill(LINKS[1]!.url)
    await page.getByRole('button', { name: '添加链接' }).click()
    await page.getByLabel('第2条链接的标题').fill(LINKS[0]!.title)
    await page.getByLabel('第2条链接的地址').fill('javascript:alert(1)')
    await page.getByRole('button', { name: '提交审核' }).click()
    await page
      .locator('.ant-form-item-explain-error', {
        hasText: '链接地址须为以 http:// 或 https:// 开头的网址',
      })
      .waitFor()
    await page.getByLabel('第2条链接的地址').fill(LINKS[0]!.url)
    await page.getByRole('button', { name: '上移第2条链接' }).click()
    // The form draws the moved row on its next render: on a loaded machine, a moment later.
    await expect
      .poll(() => page.getByLabel('第1条链接的标题').inputValue())
      .toBe(LINKS[0]!.title)
    // A footer group's page never says 更正: no such mark is offered.
    expect(await page.getByRole('checkbox').count()).toBe(0)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: '提交审核' }).click()
    await expect.poll(() => currentRevision(page)).toContain('待审核')
    const revisionNo = /修订\s*(\d+)/.exec(await currentRevision(page))![1]

    // The reviewer reads the links in order, previews the footer with them, and publishes.
    await review.goto(item)
    await consolePage(review, TITLE)
    const facts = await review
      .getByRole('region', { name: `修订 ${revisionNo} 的内容` })
      .innerText()
    expect(facts).toMatch(
      /新疆维吾尔自治区人民政府[^]*https:\/\/www\.xinjiang\.gov\.cn\/[^]*中国政府采购网/,
    )
    await review.goto(`${item}/preview/${revisionNo}`)
    await review.getByRole('complementary', { name: '预览提示' }).waitFor()
    const previewed = review.getByRole('region', { name: '其他网站' })
    await expect
      .poll(() => previewed.getByRole('link').allInnerTexts())
      .toEqual(LINKS.map((link) => link.title))
    await review.goto(item)
    await consolePage(review, TITLE)
    await act(review, '通过并立即发布', '通过并立即发布', '确认发布')
    await expect.poll(() => currentRevision(review)).toContain('已发布')

    // A visitor's page: the group's links in their order, the other groups as they were.
    const visitor = await desk(browser())
    await visitor.page.goto(`${baseUrl}/index/new`)
    const group = visitor.page.getByRole('region', { name: '其他网站' })
    await expect
      .poll(() => group.getByRole('link').allInnerTexts())
      .toEqual(LINKS.map((link) => link.title))
    expect(await group.getByRole('link').first().getAttribute('href')).toBe(
      LINKS[0]!.url,
    )

    // The one refusal was the second item for the group (409), shown in the form.
    expect(
      writer.errors.filter((error) => !error.includes('status of 409')),
    ).toEqual([])
    expect(writer.errors).toHaveLength(1)
    for (const person of [writer, checker, visitor]) {
      if (person !== writer) expect(person.errors).toEqual([])
      await person.context.close()
    }
  }, 240_000)
})
