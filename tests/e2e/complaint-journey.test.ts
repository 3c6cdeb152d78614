import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { NOTICE_READ_KEY } from '#app/features/complaint/notice-read.ts'
import { MSG_BAD_FILE_FORMAT, MSG_EMPTY_FILE } from '#common/messages.ts'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  richTextBody,
  settleAnimations,
  useJourneyBrowser,
  waitForHydration,
  openedDialog,
} from './browser.ts'
import {
  acceptNotice,
  fileComplaint,
  fileInput,
  queryComplaint,
  staff,
  supplyMaterial,
} from './complaint-filing.ts'
import { baseUrl, staffApiToken as staffToken } from './portal-under-test.ts'

const journey = useJourneyBrowser()

const { openPage } = journey

describe('before filing a complaint', () => {
  it('reads the guide, accepts the notice, and has empty and mistyped evidence refused before sending', async () => {
    const { page, errors, close } = await openPage()
    await page.goto(`${baseUrl}/complaint`)
    await page.waitForURL(/\/complaint\/index$/)
    await page.getByRole('heading', { name: '投诉须知', level: 1 }).waitFor()
    expect(await page.locator('main').innerText()).toContain('10日内提出投诉')
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: '在线投诉' }).click()
    await acceptNotice(page)
    await page.waitForURL(/\/complaint\/apply$/)

    const sent: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/complaint/file/cfs'))
        sent.push(request.url())
    })
    const evidence = fileInput(page, '证据材料')
    await evidence.setInputFiles({
      name: '空白.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(0),
    })
    await page.getByText(`空白.pdf：${MSG_EMPTY_FILE}`).waitFor()
    await evidence.setInputFiles({
      name: '说明.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ\x90\x00'),
    })
    await page.getByText(`说明.exe：${MSG_BAD_FILE_FORMAT}`).waitFor()
    await evidence.setInputFiles({
      name: '伪装成图片.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html>not a picture</html>'),
    })
    await page.getByText(`伪装成图片.png：${MSG_BAD_FILE_FORMAT}`).waitFor()
    expect(sent).toEqual([])
    expect(
      await page.getByText('支持格式：jpg、gif、bmp、png、pdf').count(),
    ).toBeGreaterThan(0)

    // What was typed survives a reload, and the notice is not asked again in the session.
    await page.getByLabel('联系人', { exact: true }).fill('李明')
    // The editor loads when the visitor turns to the field.
    const facts = await richTextBody(page, '投诉事项及事实依据')
    await facts.click()
    await page.keyboard.type('评标委员会未按招标文件规定的评标标准评审。')
    // Reloaded once the tab's draft (sessionStorage) holds what was typed.
    await expect
      .poll(() =>
        page.evaluate(
          () => window.sessionStorage.getItem('complaint-apply-draft') ?? '',
        ),
      )
      .toContain('评标委员会未按招标文件规定的评标标准评审。')
    await page.reload()
    await expect
      .poll(() => page.getByLabel('联系人', { exact: true }).inputValue())
      .toBe('李明')
    await expect
      .poll(() =>
        page
          .frameLocator('iframe.tox-edit-area__iframe')
          .locator('body')
          .innerText()
          .catch(() => ''),
      )
      .toContain('评标委员会未按招标文件规定的评标标准评审。')
    expect(await page.getByRole('dialog', { name: '投诉须知' }).count()).toBe(0)
    expect(errors).toEqual([])
    await close()
  })

  it("shows the notice before the page's scripts run, and not at all once it was read in the session", async () => {
    const { page, close } = await openPage(375)
    // None of the page's scripts load: what shows is the server's page alone.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto(`${baseUrl}/complaint/apply`)
    const dialog = page.getByRole('dialog', { name: '投诉须知' })
    expect(await dialog.isVisible()).toBe(true)
    expect(await dialog.innerText()).toContain('10日内提出投诉')
    expect(
      await dialog.getByRole('button', { name: '确定' }).isDisabled(),
    ).toBe(true)
    // Read earlier in this session: the page hides it before it is painted.
    await page.evaluate(
      (key) => sessionStorage.setItem(key, '1'),
      NOTICE_READ_KEY,
    )
    await page.reload()
    expect(await page.locator('.ant-modal-root').getAttribute('hidden')).toBe(
      '',
    )
    expect(await dialog.count()).toBe(0)
    await close()
  })

  it('offers the standalone entry without the common layout, after the notice', async () => {
    const { page, errors, close } = await openPage(375)
    await page.goto(`${baseUrl}/complaint-entry`)
    await acceptNotice(page)
    await page.getByRole('heading', { name: '在线投诉', level: 1 }).waitFor()
    // No side menu, no footer: the entry stands alone (spec §2).
    expect(await page.getByRole('link', { name: '政策法规' }).count()).toBe(0)
    expect(await page.getByText('服务热线：').count()).toBe(0)
    // The form loads once the notice is read.
    await page.getByLabel('联系人', { exact: true }).waitFor()
    expect(await page.getByLabel('联系人', { exact: true }).count()).toBe(1)
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})

// ---------------------------------------------------------------------------------------------
// Filing, following and closing a complaint

/** Now on the Asia/Shanghai clock, as the staff API takes times: YYYY-MM-DD HH:mm:ss. */
const shanghaiNow = () =>
  new Date(Date.now() + 8 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ')

const stateOf = (page: Page) =>
  page.getByRole('heading', { name: /投诉编号 \d{12}/ }).innerText()

describe('a complaint from filing to its published result', () => {
  it('files, answers a request for material, signs for the decision and finds it published', async () => {
    const { page, errors, context, close } = await openPage()
    const filed = await fileComplaint(page, context, {
      phone: '13988776601',
      withObjection: true,
    })
    await expectNoAxeViolations(page)

    await queryComplaint(page, filed)
    expect(await stateOf(page)).toContain('待签收')
    // Personal data is shown desensitized.
    expect(await page.locator('main').innerText()).not.toContain('13988776601')
    expect(await page.getByText('139*****601').count()).toBe(1)

    await staff(filed.complaintNo, 'sign', {})
    await staff(filed.complaintNo, 'request-material', {
      items: '请补充评标报告中业绩评分的原始记录',
      workdays: 5,
    })
    await queryComplaint(page, filed)
    expect(await stateOf(page)).toContain('待受理')
    expect(await stateOf(page)).toContain('材料补正')
    // Asked for before acceptance, the material stops the acceptance clock, and says so.
    const acceptanceRow = page
      .getByRole('region', { name: '法定办理期限' })
      .getByRole('row', { name: /受理期限/ })
    await expect
      .poll(() => acceptanceRow.innerText())
      .toMatch(
        /中止计时中[\s\S]*要求补正材料，中止计时；收到补正材料或补正期限届满后恢复计时/,
      )
    await supplyMaterial(
      page,
      '已补充业绩评分的原始记录扫描件。',
      '评分原始记录.pdf',
    )
    await expect
      .poll(() =>
        page.getByText(/已于 .* 补正：已补充业绩评分的原始记录扫描件/).count(),
      )
      .toBe(1)
    await expect
      .poll(() => acceptanceRow.innerText())
      .toMatch(/\d{4}-\d{2}-\d{2}\s+期限内/)
    await staff(filed.complaintNo, 'accept', {})

    // An investigation transcript the complainant may read (bilu/detail).
    await staff(filed.complaintNo, 'record-transcript', {
      title: '对招标人的调查笔录',
      place: '自治区水利厅建设与管理处',
      interviewee: '招标人项目负责人 张伟',
      interviewer: '赵科长、马文',
      occurredAt: shanghaiNow(),
      content:
        '问：评标委员会对投诉人类似工程业绩的认定依据是什么？答：依据招标文件第二章资格条件第三项。',
      isVisibleToComplainant: true,
    })
    await queryComplaint(page, filed)
    await page.getByRole('button', { name: '对招标人的调查笔录' }).click()
    const transcript = await openedDialog(page, '对招标人的调查笔录')
    await transcript.getByText('依据招标文件第二章资格条件第三项').waitFor()
    expect(await transcript.innerText()).toContain('招标人项目负责人 张伟')
    // Closed once it has zoomed open: a click while it zooms in can miss the button (seen once
    // on a loaded machine, the dialog then staying open).
    await settleAnimations(page)
    await transcript
      .getByRole('button', { name: /关\s*闭|Close/ })
      .first()
      .click()
    await transcript.waitFor({ state: 'hidden' })

    await staff(filed.complaintNo, 'decide', {
      conclusion: 'partly_substantiated',
      findings: '经调查，评标委员会对投诉人一项类似工程业绩的认定有误。',
      basis: '《中华人民共和国招标投标法实施条例》第七十一条',
      decision: '责令招标人组织原评标委员会对该项业绩重新评审。',
    })
    await staff(filed.complaintNo, 'publish', {
      summary: '投诉部分属实，责令招标人组织原评标委员会对投诉人业绩重新评审。',
    })
    await queryComplaint(page, filed)
    expect(await stateOf(page)).toContain('已处理')
    const decision = page.locator('li', { hasText: '处理决定书' })
    // The decision shows in the in-page viewer of the browser that queried; to anyone else
    // its url is unknown, and staff read it with their token.
    await decision.getByRole('button', { name: '预览 处理决定书' }).click()
    await expectPdfPreviewShown(page)
    const decisionUrl =
      baseUrl +
      (await decision.getByRole('link', { name: '下载' }).getAttribute('href'))
    expect((await fetch(decisionUrl)).status).toBe(404)
    // Sent with the sandboxing CSP, it still opens in Chromium's own PDF viewer (which
    // reports the response to the page without that header).
    const sent = await context.request.get(decisionUrl)
    expect(sent.headers()['content-security-policy']).toContain('sandbox')
    const viewer = await context.newPage()
    expect((await viewer.goto(decisionUrl))?.status()).toBe(200)
    await expect
      .poll(() =>
        viewer.frames().some((f) => f.url().startsWith('chrome-extension://')),
      )
      .toBe(true)
    await viewer.close()
    const forStaff = await fetch(decisionUrl, {
      headers: { authorization: `Bearer ${staffToken}` },
    })
    expect(forStaff.status).toBe(200)
    expect(forStaff.headers.get('cache-control')).toBe('private, no-store')
    await decision.getByRole('button', { name: '签收文书' }).click()
    const receipt = await openedDialog(page, /签收 处理决定书/)
    await receipt.getByLabel('签收人').fill('李明')
    await receipt.getByRole('button', { name: '确认签收' }).click()
    await expect.poll(() => decision.getByText(/已于 .* 签收/).count()).toBe(1)
    await expectNoAxeViolations(page)

    await page.goto(`${baseUrl}/complaint/list?keyword=${filed.complaintNo}`)
    const row = page.locator('main li', { hasText: filed.complaintNo })
    await row.waitFor()
    expect(await row.innerText()).toContain('部分属实')
    await row.getByRole('link').click()
    await page.waitForURL(/\/complaint\/detail\?id=\d+/)
    await page
      .getByRole('heading', {
        level: 1,
        name: new RegExp(`${filed.projectName} 投诉处理结果`),
      })
      .waitFor()
    expect(await page.locator('main').innerText()).toContain(
      '责令招标人组织原评标委员会对投诉人业绩重新评审',
    )
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })

  it('files a complaint and withdraws it before a decision', async () => {
    const { page, errors, context, close } = await openPage(375)
    const filed = await fileComplaint(page, context, {
      phone: '13988776602',
      withObjection: false,
      spokenCaptcha: true,
    })
    // On a phone (375 × 812) the number and the code show without scrolling, above the
    // 在线学习 bar (44 px).
    await page.setViewportSize({ width: 375, height: 812 })
    for (const shown of ['complaint-no', 'query-code']) {
      const box = (await page.getByTestId(shown).boundingBox())!
      expect(box.y).toBeGreaterThanOrEqual(0)
      expect(box.y + box.height).toBeLessThanOrEqual(812 - 44)
    }
    await staff(filed.complaintNo, 'sign', {})

    // By the query code alone. The side menu is one row: the content starts high on the screen.
    await page.goto(`${baseUrl}/complaint/search`)
    await waitForHydration(page)
    const menu = (await page
      .getByRole('navigation', { name: '栏目导航' })
      .boundingBox())!
    expect(menu.height).toBeLessThanOrEqual(56)
    expect((await page.locator('main').boundingBox())!.y).toBeLessThan(300)
    await page.getByRole('tab', { name: '按查询码查询' }).click()
    const byCode = page.getByRole('tabpanel', { name: '按查询码查询' })
    await byCode.getByLabel('查询码').fill(filed.queryCode.toLowerCase())
    await byCode.getByRole('button', { name: /查\s*询/ }).click()
    await page
      .getByRole('heading', {
        name: new RegExp(`投诉编号 ${filed.complaintNo}`),
      })
      .waitFor()
    expect(await stateOf(page)).toContain('待受理')
    // The deadline table is wider than a phone: it says so, and scrolls from the keyboard.
    const deadlines = page.getByRole('region', { name: '法定办理期限表格' })
    expect(await page.getByText('左右滑动查看更多').isVisible()).toBe(true)
    expect(
      await deadlines.evaluate((box) => box.scrollWidth > box.clientWidth),
    ).toBe(true)
    await deadlines.focus()
    await page.keyboard.press('ArrowRight')
    await expect
      .poll(() => deadlines.evaluate((box) => box.scrollLeft))
      .toBeGreaterThan(0)

    await page.getByRole('button', { name: '申请撤回投诉' }).click()
    const withdraw = await openedDialog(page, '申请撤回投诉')
    await withdraw
      .getByLabel('撤回理由')
      .fill('招标人已自行纠正，申请撤回投诉。')
    await withdraw.getByRole('button', { name: '提交申请' }).click()
    await expect.poll(() => stateOf(page)).toContain('申请撤回')
    expect(await page.getByRole('button', { name: /撤回/ }).count()).toBe(0)

    await staff(filed.complaintNo, 'grant-withdrawal', {
      reason: '投诉人主动申请撤回，且不损害国家利益和社会公共利益。',
    })
    await queryComplaint(page, filed)
    expect(await stateOf(page)).toContain('同意撤回')
    expect(await page.getByText('同意撤回投诉决定书').count()).toBeGreaterThan(
      0,
    )
    await expectNoAxeViolations(page)
    expect(errors).toEqual([])
    await close()
  })
})
