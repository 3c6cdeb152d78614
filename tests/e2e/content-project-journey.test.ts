import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
  tick,
  pickOption,
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
  signedIn,
  typeInBody,
} from './content-console.ts'
import { consolePage } from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

const { browser } = useJourneyBrowser()

const admin = { accountName: 'he.admin', displayName: '何管理' }
const editor: Person = {
  accountName: 'lin.editor',
  displayName: '林编辑',
  role: '内容编辑',
}
const reviewer: Person = {
  accountName: 'guo.reviewer',
  displayName: '郭审核',
  role: '内容审核',
}

const CODE = 'TLMH-CG-2026-0118'
const NAME = '塔里木河下游生态输水闸站自动化设备采购项目'
/**
 * 政府采购: the shortest tab set that still runs from entry to a result notice (项目入场,
 * 采购公告, 采购结果公告); 工程建设's six stages would repeat the same steps three more times.
 */
const STAGES = [
  { name: '项目入场', key: 'entry', title: `${NAME}项目入场信息` },
  { name: '采购公告', key: 'procurementNotice', title: `${NAME}采购公告` },
  {
    name: '采购结果公告',
    key: 'procurementResult',
    title: `${NAME}采购结果公告`,
  },
] as const
const RECORD = '闸站设备采购评审环节整改'

/** A field's message, under the field. */
const fieldError = (page: Page, text: string) =>
  page.locator('.ant-form-item-explain-error', { hasText: text })

// The item's address, once the editor's page has moved to it. A run that once never got
// there (after 提交审核 of the new project) left nothing to go on: a failure now says what
// the page showed instead.
async function itemAddress(page: Page, title: string) {
  await page
    .getByRole('heading', { level: 1, name: title })
    .waitFor({ timeout: 60_000 })
    .catch(async (error: unknown) => {
      const shown = await page
        .locator('.ant-form-item-explain-error, .ant-message, [role="alert"]')
        .allInnerTexts()
      throw new Error(
        `the page of ${title} never came: at ${page.url()}, showing ${shown.join(' | ') || 'no message'}`,
        { cause: error },
      )
    })
  await waitForHydration(page)
  expect(new URL(page.url()).pathname).toMatch(/^\/admin\/content\/\d+$/)
  return page.url()
}

/** The reviewer opens the item and publishes it at once. */
async function approve(page: Page, address: string, title: string) {
  await page.goto(address)
  await consolePage(page, title)
  await act(page, '通过并立即发布', '通过并立即发布', '确认发布')
  await expect.poll(() => currentRevision(page)).toContain('已发布')
}

/** The public address the item's status links to, once published. */
const publicAddress = async (page: Page) =>
  `${baseUrl}${await page
    .getByRole('region', { name: '状态' })
    .getByRole('link', { name: /查看公开页面/ })
    .getAttribute('href')}`

describe('a project published stage by stage through the console', () => {
  it('from entry to result notice, each stage reviewed and on its tab, with a linkage record tied to it', async () => {
    const { editorLink, reviewerLink } = await contentTeam(browser(), admin, {
      editor,
      reviewer,
    })
    const writer = await signedIn(browser(), editor, editorLink)
    const checker = await signedIn(browser(), reviewer, reviewerLink)
    const page = writer.page
    const review = checker.page

    // The project: nothing chosen yet, the sub-type waits for the category.
    await page.goto(`${baseUrl}/admin/content`)
    await consolePage(page, '内容管理')
    await newContent(page, '项目')
    await expectNoAxeViolations(page)
    expect(await page.getByLabel('交易子类').isDisabled()).toBe(true)
    expect(await page.getByLabel('报名截止时间').count()).toBe(0)
    await page.getByRole('button', { name: '保存草稿' }).click()
    await fieldError(page, '请输入项目编号').waitFor()
    await fieldError(page, '请选择交易类别').waitFor()
    await page.getByLabel('项目编号').fill(CODE)
    await page.getByLabel('项目名称').fill(NAME)
    await choose(page, '交易类别', '政府采购')
    await choose(page, '交易子类', '货物')
    await choose(page, '所属地区', '巴音郭楞蒙古自治州')
    await page.getByLabel('项目地点').fill('尉犁县')
    // The party is named as the category names it.
    await page.getByLabel('采购人').fill('塔里木河流域干流管理局')
    await page.getByLabel('代理机构').fill('新疆天正招标代理有限公司')
    await page.getByLabel('项目金额（万元）').fill('1286.5')
    await choose(page, '交易方式', '公开招标')
    await page.getByLabel('资金来源').fill('中央水利发展资金')
    await page.getByLabel('报名截止时间').fill('2026-12-18T17:00')
    await page.getByLabel('开标时间').fill('2026-12-25T09:30')
    // On a phone the form is one column, nothing drawn over anything.
    await page.setViewportSize({ width: 375, height: 800 })
    await expectFitsWithoutOverlap(page)
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.getByRole('button', { name: '提交审核' }).click()
    const projectItem = await itemAddress(page, NAME)
    await expect.poll(() => currentRevision(page)).toContain('待审核')

    // The reviewer reads the project's facts and publishes it.
    await review.goto(projectItem)
    await consolePage(review, NAME)
    const facts = await review
      .getByRole('region', { name: '修订 1 的内容' })
      .innerText()
    expect(facts).toMatch(/交易类别\s*政府采购 \/ 货物/)
    expect(facts).toMatch(/采购人\s*塔里木河流域干流管理局/)
    expect(facts).toMatch(/开标时间\s*2026-12-25 09:30/)
    await expectNoAxeViolations(review)
    await act(review, '通过并立即发布', '通过并立即发布', '确认发布')
    await expect.poll(() => currentRevision(review)).toContain('已发布')
    const projectPage = await publicAddress(review)
    expect(projectPage).toMatch(/\/business\/detail\?id=\d+$/)

    // 项目入场 from the project's own page: the announcement's project and stage filled in.
    await page.reload()
    await consolePage(page, NAME)
    const stages = page.getByRole('region', { name: '阶段公告与联动监管' })
    await stages
      .getByRole('link', { name: /^新建公告\s*（项目入场）$/ })
      .click()
    await consolePage(page, '新建阶段公告')
    expect(await page.locator('.ant-form').innerText()).toContain(
      `${NAME}（${CODE}）`,
    )
    await page.getByLabel('标题').fill(STAGES[0].title)
    await typeInBody(page, '项目已完成入场登记，进入采购程序。')
    await page.getByRole('button', { name: '提交审核' }).click()
    const announcements = [await itemAddress(page, STAGES[0].title)]

    // 采购公告 through 新建… and the picker: the stage already announced links to its item.
    await page.goto(`${baseUrl}/admin/content`)
    await consolePage(page, '内容管理')
    await newContent(page, '阶段公告')
    await page.getByLabel('所属项目').click()
    await page.keyboard.type(CODE)
    await pickOption(
      page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .getByTitle(new RegExp(CODE)),
    )
    await page
      .getByRole('link', { name: /^项目入场（内容编号 \d+）$/ })
      .waitFor()
    await page.getByLabel('交易环节').click()
    const offered = page.locator(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    )
    expect(
      await offered
        .getByTitle('项目入场（已有公告）')
        .getAttribute('aria-disabled'),
    ).toBe('true')
    await pickOption(offered.getByTitle('采购公告', { exact: true }))
    await page.getByLabel('标题').fill(STAGES[1].title)
    await typeInBody(page, '采购人就闸站自动化设备进行公开招标采购。')
    await fileInput(page, '附件').setInputFiles({
      name: '采购文件.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await page.getByRole('link', { name: '采购文件.pdf' }).waitFor()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: '保存草稿' }).click()
    announcements.push(await itemAddress(page, STAGES[1].title))

    // Its preview: the project's page in the portal's look, on the announcement's tab.
    const [preview] = await Promise.all([
      writer.context.waitForEvent('page'),
      page
        .getByRole('region', { name: '状态' })
        .getByRole('link', { name: /预览/ })
        .click(),
    ])
    await preview.getByRole('heading', { level: 1, name: NAME }).waitFor()
    expect(
      await preview
        .getByRole('complementary', { name: '预览提示' })
        .innerText(),
    ).toContain('此页面未公开')
    expect(
      await preview
        .getByRole('tab', { name: '采购公告' })
        .getAttribute('aria-selected'),
    ).toBe('true')
    await preview
      .getByRole('tabpanel')
      .getByRole('heading', { name: STAGES[1].title })
      .waitFor()
    await preview.getByText('采购文件.pdf').waitFor()
    await expectNoAxeViolations(preview)
    await preview.close()
    await page.getByRole('button', { name: '提交审核' }).click()
    await expect.poll(() => currentRevision(page)).toContain('待审核')

    // 采购结果公告, the last stage, from the project's page again.
    await page.goto(projectItem)
    await consolePage(page, NAME)
    await stages
      .getByRole('link', { name: /^新建公告\s*（采购结果公告）$/ })
      .click()
    await consolePage(page, '新建阶段公告')
    await page.getByLabel('标题').fill(STAGES[2].title)
    await typeInBody(page, '中标供应商：新疆水利自动化设备有限公司。')
    await page.getByRole('button', { name: '提交审核' }).click()
    announcements.push(await itemAddress(page, STAGES[2].title))

    // The reviewer publishes each; the project's page names every stage's item.
    for (const [index, address] of announcements.entries())
      await approve(review, address, STAGES[index]!.title)
    await review.goto(projectItem)
    await consolePage(review, NAME)
    expect(
      await review
        .getByRole('region', { name: '阶段公告与联动监管' })
        .getByRole('link', { name: /查看公告（内容编号 \d+）/ })
        .count(),
    ).toBe(3)

    // On /business/detail: each tab with its announcement, the notice's file with it.
    const visitor = await desk(browser())
    const reader = visitor.page
    await reader.goto(projectPage)
    await reader.getByRole('heading', { level: 1, name: NAME }).waitFor()
    await waitForHydration(reader)
    expect(await reader.locator('main').innerText()).toContain('采购人')
    // A project at its last stage opens on it.
    expect(
      await reader
        .getByRole('tab', { name: '采购结果公告' })
        .getAttribute('aria-selected'),
    ).toBe('true')
    for (const stage of STAGES) {
      await reader.getByRole('tab', { name: stage.name }).click()
      await reader
        .getByRole('tabpanel')
        .getByRole('heading', { name: stage.title })
        .waitFor()
    }
    // The notice's own address opens its tab, its file public now that it is published.
    await reader.goto(`${projectPage}&stage=procurementNotice`)
    const notice = reader.getByRole('tabpanel')
    await notice
      .getByRole('button', { name: '在线预览 采购文件.pdf' })
      .waitFor()
    const file = await notice
      .getByRole('link', { name: '下载' })
      .getAttribute('href')
    expect(
      (await visitor.context.request.get(`${baseUrl}${file}`)).status(),
    ).toBe(200)

    // A linkage record of the project, from its page: rectified, so the day it was.
    await page.goto(projectItem)
    await consolePage(page, NAME)
    await stages.getByRole('link', { name: '新建本项目的联动监管记录' }).click()
    await consolePage(page, '新建联动监管记录')
    await page.getByLabel('标题').fill(RECORD)
    await page.getByLabel('监管事项').fill('评审专家抽取')
    await page.getByLabel('责任单位').fill('塔里木河流域干流管理局')
    await page.getByLabel('发现问题').fill('评审专家抽取记录未按规定归档。')
    await page.getByLabel('整改要求').fill('补齐抽取记录并归档备查。')
    await typeDay(page, '发现日期', '2026-11-10')
    await typeDay(page, '整改期限', '2026-11-30')
    await tick(page.getByRole('radio', { name: '已整改' }))
    await typeInBody(page, '已补齐抽取记录并归档。', '整改情况')
    await page.getByRole('button', { name: '提交审核' }).click()
    await fieldError(page, '请选择整改完成日期').waitFor()
    await expectNoAxeViolations(page)
    await typeDay(page, '整改完成日期', '2026-11-20')
    await page.getByRole('button', { name: '提交审核' }).click()
    const recordItem = await itemAddress(page, RECORD)
    await approve(review, recordItem, RECORD)
    const recordPage = await publicAddress(review)
    expect(recordPage).toMatch(/\/business\/linkageDetail\?id=\d+$/)

    // On /business/linkageDetail, tied to the project, and listed on the project's page.
    await reader.goto(recordPage)
    await reader.getByRole('heading', { level: 1, name: RECORD }).waitFor()
    const record = await reader.locator('main').innerText()
    expect(record).toContain(`${NAME}（${CODE}）`)
    expect(record).toMatch(/整改完成日期\s*2026-11-20/)
    await reader.goto(projectPage)
    await reader
      .getByRole('region', { name: '联动监管记录' })
      .getByRole('link', { name: RECORD })
      .waitFor()

    for (const person of [writer, checker, visitor]) {
      expect(person.errors).toEqual([])
      await person.context.close()
    }
  }, 300_000)
})

/** Types a day into the antd date field labelled `label`. */
async function typeDay(page: Page, label: string, day: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(day)
  await input.press('Enter')
}
