import { readFile } from 'node:fs/promises'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { pdfText } from '#tests/pdf-text.ts'

import {
  expectFitsWithoutOverlap,
  expectNoAxeViolations,
  useJourneyBrowser,
  waitForHydration,
  pickOption,
  openedDialog,
} from './browser.ts'
import {
  type Filed,
  fileComplaint,
  queryComplaint,
  supplyMaterial,
} from './complaint-filing.ts'
import {
  consolePage,
  createAccount,
  createAdminByCommand,
  setUpAccount,
  signIn,
} from './staff-console.ts'
import { baseUrl } from './portal-under-test.ts'

const { browser } = useJourneyBrowser()

type Person = { accountName: string; displayName: string; role: string }
const admin = { accountName: 'chen.admin', displayName: '陈管理' }
const handler: Person = {
  accountName: 'liu.handler',
  displayName: '刘办理',
  role: '投诉处理',
}
const head: Person = {
  accountName: 'sun.head',
  displayName: '孙处长',
  role: '投诉负责人',
}
const auditor: Person = {
  accountName: 'qian.audit',
  displayName: '钱审计',
  role: '审计员',
}

/** Each person at their own desk: a browser context of their own, at 1440 px. */
async function desk() {
  const context = await browser().newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`)
  })
  return { context, page, errors }
}

/** A person set up through the link they were given, signed in: the console's home. */
async function signedIn(person: Person, link: string) {
  const at = await desk()
  const secret = await setUpAccount(at.page, link, person.accountName, {
    isThorough: false,
  })
  await at.page.goto(`${baseUrl}/admin/login`)
  await consolePage(at.page, '管理后台登录')
  await signIn(at.page, person.accountName, secret)
  await consolePage(at.page, `欢迎，${person.displayName}`)
  return at
}

/** The complaint's page, reached from a row of the queue. */
async function openFromQueue(page: Page, complaintNo: string) {
  await page
    .getByRole('row', { name: new RegExp(complaintNo) })
    .getByRole('link', { name: complaintNo })
    .click()
  await consolePage(page, `投诉编号 ${complaintNo}`)
}

/**
 * One action of the action panel: its button, its form, and for one that cannot be taken back
 * the second step; done once the dialog has closed on the complaint read again.
 */
async function act(
  page: Page,
  label: string,
  fields: Record<string, string> = {},
) {
  await page.getByRole('button', { name: label, exact: true }).click()
  const dialog = await openedDialog(page, label)
  for (const [field, value] of Object.entries(fields))
    await dialog.getByLabel(field).fill(value)
  const send = dialog.getByRole('button', {
    name: new RegExp(`^(下一步|提交${label})$`),
  })
  await send.waitFor()
  const isIrreversible = (await send.innerText()) === '下一步'
  await send.click()
  if (isIrreversible)
    await dialog.getByRole('button', { name: `确认${label}` }).click()
  await dialog.waitFor({ state: 'hidden' })
}

/** The complaint's timeline names the step and the person who took it. */
async function expectInTimeline(page: Page, step: string, person: Person) {
  await page
    .getByRole('region', { name: '办理经过' })
    .getByRole('listitem')
    .filter({ has: page.getByText(step, { exact: true }) })
    .filter({ hasText: `工作人员 ${person.displayName}` })
    .waitFor()
}

const FEEDBACK_TITLE = '投诉受理后多久能有处理结果'
const FEEDBACK_REPLY =
  '受理后30个工作日内作出处理决定；需要检验、检测、鉴定或专家评审的，所需时间不计算在内。'

/** A message on the public feedback page, its captcha answered through the test hook. */
async function leaveFeedback(page: Page) {
  await page.goto(`${baseUrl}/complaint/feedback`)
  await waitForHydration(page)
  const form = page.locator('section[aria-labelledby="feedback-form-title"]')
  await form.getByLabel('姓名').fill('李明')
  await form.getByLabel('手机号码').fill('13988776621')
  await form.getByLabel('标题').fill(FEEDBACK_TITLE)
  await form
    .getByLabel('留言内容')
    .fill('我公司的投诉已提交，想了解受理后多久能收到处理决定。')
  const image = form.getByRole('img', { name: '图形验证码图片' })
  await image.waitFor()
  const captcha = await fetch(
    `${baseUrl}/__test__/captcha?t=${await image.getAttribute('data-captcha-id')}`,
  )
  const { answer } = (await captcha.json()) as { answer: string }
  await form.getByLabel('图形验证码', { exact: true }).fill(answer)
  await form.getByRole('button', { name: '提交留言' }).click()
  await page.getByText('您的意见已提交，答复后将在本页公开').waitFor()
}

// Refusals the journey meets on purpose: the auditor opening the workbench.
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/status of 403/.test(error))

describe('the department handles a complaint in the console', () => {
  it('from the complainant’s filing to the published result, every step in the audit log', async () => {
    // The administrator: made by the command, sets up, creates the department's people.
    const setupLink = await createAdminByCommand(
      admin.accountName,
      admin.displayName,
    )
    const office = await desk()
    const adminSecret = await setUpAccount(
      office.page,
      setupLink,
      admin.accountName,
      { isThorough: false },
    )
    await office.page.goto(`${baseUrl}/admin/accounts`)
    await consolePage(office.page, '管理后台登录')
    await signIn(office.page, admin.accountName, adminSecret)
    await consolePage(office.page, '账号管理')
    const links = new Map<Person, string>()
    for (const person of [handler, head, auditor])
      links.set(person, await createAccount(office.page, person))
    // The administrator's menu has no workbench: the roles are kept apart.
    expect(
      await office.page
        .getByRole('navigation', { name: '管理菜单' })
        .getByRole('link')
        .allInnerTexts(),
    ).toEqual(['预警阈值', '账号管理', '交易平台令牌'])
    await office.context.close()

    // A complainant files a complaint on the public side.
    const complainant = await desk()
    const filed = await fileComplaint(complainant.page, complainant.context, {
      phone: '13988776621',
      withObjection: false,
    })
    await leaveFeedback(complainant.page)

    const handlerDesk = await handlerSignsAcceptsAndAsksForMaterial(
      links.get(handler)!,
      filed,
    )

    await queryComplaint(complainant.page, filed)
    // The complainant reads what was meant for them, and nothing of the 内部意见.
    const told = await complainant.page
      .getByRole('region', { name: '办理过程' })
      .innerText()
    expect(told).toContain('经审查，投诉符合受理条件，现予受理。')
    expect(told).not.toContain('调取原评标录像')
    await supplyMaterial(
      complainant.page,
      '已补充评标报告中业绩评分的原始记录。',
      '业绩评分原始记录.pdf',
    )

    await handlerDraftsTheDecision(handlerDesk, filed)
    const headDesk = await headChecksAndIssues(links.get(head)!, filed)
    await handlerProposesThePublication(handlerDesk, filed)
    await headPublishes(headDesk, filed)

    // The result is public.
    await complainant.page.goto(
      `${baseUrl}/complaint/list?keyword=${filed.complaintNo}`,
    )
    const result = complainant.page.locator('main li', {
      hasText: filed.complaintNo,
    })
    await result.waitFor()
    expect(await result.innerText()).toContain('部分属实')
    // And so is the answer to the message (the page may be a few seconds in the page cache).
    await expect
      .poll(
        async () => {
          await complainant.page.goto(`${baseUrl}/complaint/feedback`)
          return complainant.page.locator('main').innerText()
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toContain(FEEDBACK_REPLY)
    expect(complainant.errors).toEqual([])
    await complainant.context.close()

    await auditorFindsEveryStep(links.get(auditor)!, filed)
  }, 300_000)
})

async function handlerSignsAcceptsAndAsksForMaterial(
  link: string,
  filed: Filed,
) {
  const { page, errors, context } = await signedIn(handler, link)
  const no = filed.complaintNo

  // Today's figures lead into the queue: the new complaint awaits signing, its clock running.
  await page.getByRole('link', { name: /待签收/ }).click()
  await consolePage(page, '投诉处理')
  expect(new URL(page.url()).searchParams.get('state')).toBe('submitted')
  const row = page.getByRole('row', { name: new RegExp(no) })
  await row.waitFor()
  expect(await row.innerText()).toMatch(/剩余3个工作日受理/)
  expect(await row.innerText()).toMatch(/受理期限届满：\d{4}-\d{2}-\d{2}/)
  await expectNoAxeViolations(page)

  // On a phone the queue and the complaint fit the screen, nothing drawn over anything.
  await page.setViewportSize({ width: 375, height: 800 })
  await expectFitsWithoutOverlap(page)
  await openFromQueue(page, no)
  await expectFitsWithoutOverlap(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await expectNoAxeViolations(page)

  // The head's actions are not the handler's: named, not offered.
  expect(await page.getByRole('button', { name: '作出处理决定' }).count()).toBe(
    0,
  )
  await act(page, '签收')
  await expectInTimeline(page, '签收', handler)
  // Who reads each note is said where it is typed; the 内部意见 stays in the console.
  await act(page, '受理', {
    告知投诉人: '经审查，投诉符合受理条件，现予受理。',
    内部意见: '业绩认定争议，建议调取原评标录像。',
  })
  await expectInTimeline(page, '受理', handler)
  await page
    .getByRole('region', { name: '办理经过' })
    .getByText('内部意见（投诉人不可见）：业绩认定争议，建议调取原评标录像。')
    .waitFor()
  await act(page, '要求补正材料', {
    需补正的材料: '请补充评标报告中业绩评分的原始记录',
  })
  await expectInTimeline(page, '要求补正材料', handler)
  await page
    .getByRole('region', { name: '材料补正' })
    .getByText('待补正')
    .waitFor()

  await page
    .getByRole('navigation', { name: '管理菜单' })
    .getByRole('link', { name: '留言回复' })
    .click()
  await consolePage(page, '留言回复')
  const message = page.getByRole('article', {
    name: new RegExp(FEEDBACK_TITLE),
  })
  await message.getByText('待答复').waitFor()
  await expectNoAxeViolations(page)
  await message.getByLabel('答复内容').fill(FEEDBACK_REPLY)
  await message.getByRole('button', { name: '提交答复' }).click()
  // A second person lets it onto the public page.
  await message.getByText('已答复 · 待核准公开').waitFor()
  expect(await message.innerText()).toContain(FEEDBACK_REPLY)
  await message
    .getByText('答复须由另一位工作人员核准后才在“意见反馈”页面公开。')
    .waitFor()
  expect(errors).toEqual([])
  return { page, errors, context }
}

type Desk = Awaited<ReturnType<typeof desk>>

/** The handler drafts the 处理决定书 from the record and sends it to a head (拟稿 → 核稿). */
async function handlerDraftsTheDecision({ page, errors }: Desk, filed: Filed) {
  const no = filed.complaintNo
  await page.goto(`${baseUrl}/admin/complaints/${no}`)
  await consolePage(page, `投诉编号 ${no}`)
  await page.getByRole('button', { name: '起草处理决定书' }).click()
  const dialog = await openedDialog(page, '起草处理决定书')
  const findings = dialog.getByLabel('调查认定的事实')
  await expect.poll(() => findings.inputValue()).toContain('【待填写')
  for (const label of ['调查认定的事实', '处理决定']) {
    const field = dialog.getByLabel(label)
    await field.fill(
      (await field.inputValue()).replace(
        /【待填写[^】]*】/g,
        '经调取评标录像核实，评标委员会对投诉人一项类似工程业绩的认定有误',
      ),
    )
  }
  await dialog.getByLabel('处理结论').click()
  await pickOption(
    page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .getByText('部分属实', { exact: true }),
  )
  // A drafter has no 签发.
  expect(
    await dialog.getByRole('button', { name: '签发', exact: true }).count(),
  ).toBe(0)
  await dialog.getByRole('button', { name: '送核', exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
  await expectInTimeline(page, '送核稿', handler)
  await page.getByRole('button', { name: '查看送核的处理决定书' }).waitFor()
  expect(errors).toEqual([])
}

/** Once decided, the handler proposes the summary to publish; a head lets it out. */
async function handlerProposesThePublication(
  { page, errors, context }: Desk,
  filed: Filed,
) {
  const no = filed.complaintNo
  await page.goto(`${baseUrl}/admin/complaints/${no}`)
  await consolePage(page, `投诉编号 ${no}`)
  await page.getByRole('button', { name: '拟公开处理结果' }).click()
  const dialog = await openedDialog(page, '拟公开处理结果')
  await dialog
    .getByLabel('公开的处理结果摘要')
    .fill(
      '投诉部分属实，责令招标人组织原评标委员会对投诉人的类似工程业绩重新评审。',
    )
  await dialog.getByRole('button', { name: '送核', exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: '查看送核的公开摘要' }).waitFor()
  expect(errors).toEqual([])
  await context.close()
}

async function headPublishes({ page, errors, context }: Desk, filed: Filed) {
  const no = filed.complaintNo
  await page.goto(`${baseUrl}/admin/complaints/${no}`)
  await consolePage(page, `投诉编号 ${no}`)
  await page.getByRole('button', { name: '核准公开处理结果' }).click()
  const dialog = await openedDialog(page, '核准公开处理结果')
  await dialog.getByText(`${handler.displayName}于`).waitFor()
  await dialog.getByRole('button', { name: '公开', exact: true }).click()
  await dialog.getByRole('button', { name: '确认公开' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.locator('article header').getByText('已公开').waitFor()

  // 投诉统计: this year's figures count the complaint, and go out as a spreadsheet.
  await page
    .getByRole('navigation', { name: '管理菜单' })
    .getByRole('link', { name: '投诉统计' })
    .click()
  await consolePage(page, '投诉统计')
  const byAssignee = page.getByRole('region', { name: /按承办人统计$/ })
  await byAssignee.getByText(handler.displayName).waitFor()
  await expectNoAxeViolations(page)
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出Excel' }).click()
  expect((await downloading).suggestedFilename()).toMatch(
    /^投诉处理统计（\d{4}年，按月）\.xlsx$/,
  )
  expect(errors).toEqual([])
  await context.close()
}

async function headChecksAndIssues(link: string, filed: Filed) {
  const { page, errors, context } = await signedIn(head, link)
  const no = filed.complaintNo

  // The material came: the complaint is the head's to decide.
  await page.getByRole('link', { name: /待负责人决定/ }).click()
  await consolePage(page, '投诉处理')
  expect(new URL(page.url()).searchParams.get('flag')).toBe(
    'ready_for_decision',
  )
  // The handler who signed for it owns it; a head may select complaints to assign them.
  const row = page.getByRole('row', { name: new RegExp(no) })
  expect(await row.innerText()).toContain(handler.displayName)
  await page.getByRole('button', { name: '分派承办人' }).waitFor()
  await expectNoAxeViolations(page)
  await openFromQueue(page, no)
  const header = page.locator('header', { hasText: `投诉编号 ${no}` })
  await header.getByText(`承办人：${handler.displayName}`).waitFor()
  await header.getByRole('button', { name: '更换承办人' }).waitFor()
  // In the timeline, as the step it was, not to the complainant (checked below).
  await expectInTimeline(page, '确定承办人', handler)
  await page
    .getByRole('region', { name: '材料补正' })
    .getByText(/补正：已补充评标报告中业绩评分的原始记录/)
    .waitFor()

  // 核稿: the handler's text as sent, previewed as a draft, issued by the head.
  await page.getByRole('button', { name: '核稿签发处理决定书' }).click()
  const dialog = await openedDialog(page, '核稿签发处理决定书')
  const findings = dialog.getByLabel('调查认定的事实')
  await expect
    .poll(() => findings.inputValue())
    .toContain('评标委员会对投诉人一项类似工程业绩的认定有误')
  expect(await findings.isDisabled()).toBe(true)
  await dialog.getByText(`${handler.displayName}于`).waitFor()
  const issue = dialog.getByRole('button', { name: '签发', exact: true })
  expect(await issue.isDisabled()).toBe(true)
  await dialog.getByRole('button', { name: '预览处理决定书' }).click()
  const viewer = page.getByRole('dialog', { name: '处理决定书（草稿）.pdf' })
  await viewer.getByText(/第 1 \/ \d+ 页/).waitFor({ timeout: 60_000 })
  await expect
    .poll(() =>
      viewer
        .getByTestId('pdf-page')
        .evaluate((canvas: HTMLCanvasElement) => canvas.width),
    )
    .toBeGreaterThan(100)
  // The file the viewer shows, downloaded from it: the unsealed draft.
  const downloading = page.waitForEvent('download')
  await viewer.getByRole('link', { name: /^下\s*载$/ }).click()
  const draft = await readFile((await (await downloading).path())!)
  expect(await pdfText(draft, { isRaw: true })).toContain('草稿未签发')
  await expectNoAxeViolations(page)
  // The footer's 关闭 (the corner's × is called 关闭 too).
  await viewer
    .getByRole('button', { name: /^关\s*闭$/ })
    .last()
    .click()
  await viewer.waitFor({ state: 'hidden' })
  await dialog.getByText('已预览送核的内容，可以签发。').waitFor()
  await issue.click()
  await dialog.getByRole('button', { name: '确认签发' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await expectInTimeline(page, '作出处理决定', head)
  await page
    .getByRole('region', { name: '文书' })
    .getByText(/^处理决定书 · .* · 已签章/)
    .first()
    .waitFor()

  // The handler's reply to the message, let onto the public page by a second person.
  await page
    .getByRole('navigation', { name: '管理菜单' })
    .getByRole('link', { name: '留言回复' })
    .click()
  await consolePage(page, '留言回复')
  const message = page.getByRole('article', {
    name: new RegExp(FEEDBACK_TITLE),
  })
  await message.getByRole('button', { name: '核准公开' }).click()
  await message.getByText('已答复 · 已公开').waitFor()
  expect(errors).toEqual([])
  return { page, errors, context }
}

async function auditorFindsEveryStep(link: string, filed: Filed) {
  const { page, errors, context } = await signedIn(auditor, link)
  const no = filed.complaintNo

  // The workbench is not the auditor's: the server's reason, inside the console.
  await page.goto(`${baseUrl}/admin/complaints`)
  await page
    .getByText('此操作需要“投诉处理”或“投诉负责人”角色，您的角色：审计员')
    .waitFor()

  const steps: [Person, string, string][] = [
    [handler, 'complaint.sign', '投诉：签收'],
    [handler, 'complaint.accept', '投诉：受理'],
    [handler, 'complaint.request-material', '投诉：要求补正材料'],
    [handler, 'complaint.decision-draft.submit', '投诉：处理决定书送核稿'],
    [head, 'complaint.decide', '投诉：作出处理决定'],
    [handler, 'complaint.publication-draft.submit', '投诉：拟公开处理结果送核'],
    [head, 'complaint.publish', '投诉：公开处理结果'],
  ]
  await page.goto(`${baseUrl}/admin/audit`)
  await consolePage(page, '审计日志')
  const search = page.getByRole('search', { name: '查询审计日志' })
  const rows = page.locator('main tbody tr')
  for (const [person, action, label] of steps) {
    await search.getByLabel('人员（账号名）').fill(person.accountName)
    await search.getByLabel('操作').fill(action)
    await search.getByLabel('操作').press('Enter')
    await search.getByRole('button', { name: /^查\s*询$/ }).click()
    await page.waitForURL(
      (url) =>
        url.searchParams.get('action') === action &&
        url.searchParams.get('accountName') === person.accountName,
    )
    // One entry: the step, by its person, on this complaint.
    await expect
      .poll(() => rows.allInnerTexts())
      .toEqual([expect.stringContaining(label)])
    const entry = await rows.first().innerText()
    for (const text of [person.accountName, person.role, no, '成功'])
      expect(entry).toContain(text)
  }

  // Each opening of the complaint unmasked, found by its number.
  await search.getByLabel('人员（账号名）').fill(head.accountName)
  await search.getByLabel('操作').fill('complaint.read')
  await search.getByLabel('操作').press('Enter')
  await search.getByLabel('对象').fill(no)
  await search.getByRole('button', { name: /^查\s*询$/ }).click()
  await page.waitForURL((url) => url.searchParams.get('target') === no)
  await expect
    .poll(async () => (await rows.allInnerTexts()).join('\n'))
    .toContain('投诉：查看投诉详情（含未脱敏个人信息）')
  await expectNoAxeViolations(page)

  // Everything, exported: each step with its person, action and complaint.
  await page.goto(`${baseUrl}/admin/audit`)
  await consolePage(page, '审计日志')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: '导出CSV' }).click()
  const csv = await readFile((await (await downloading).path())!, 'utf8')
  // The action in Chinese with its code: "投诉：签收（complaint.sign）".
  for (const [person, action, label] of steps)
    expect(
      csv
        .split('\r\n')
        .filter(
          (line) =>
            line.includes(`"${person.accountName}"`) &&
            line.includes(`"${label}（${action}）"`) &&
            line.includes(`"${no}"`) &&
            line.includes('"成功"'),
        ),
      `${person.accountName} ${action}`,
    ).toHaveLength(1)
  // The answer to the public message too.
  expect(
    csv
      .split('\r\n')
      .filter(
        (line) =>
          line.includes(`"${handler.accountName}"`) &&
          line.includes('"回复留言（feedback.reply）"') &&
          line.includes(`答复内容：${FEEDBACK_REPLY}`),
      ),
  ).toHaveLength(1)
  expect(unexpected(errors)).toEqual([])
  await context.close()
}
