import type { BrowserContext, Page, Response } from 'playwright-core'
import { expect } from 'vitest'

import { MSG_NOT_SIGNED_YET, MSG_NOTICE_READ } from '#common/messages.ts'

import {
  expectNoAxeViolations,
  expectPdfPreviewShown,
  holdCalls,
  richTextBody,
  waitForHydration,
  tick,
  pickOption,
  openedDialog,
} from './browser.ts'
import { SMS_CODE_PATTERN, smsMessagesTo, waitForSms } from './server-log.ts'
import {
  baseUrl,
  drafterApiToken as drafterToken,
  staffApiToken as staffToken,
} from './portal-under-test.ts'

export const COMPLAINANT = '新疆天山水利水电工程建设有限公司'
export const CREDIT_CODE = '91650100MA7XYT1234'

// The complaint notice of spec §4.
export async function acceptNotice(page: Page) {
  const dialog = await openedDialog(page, '投诉须知')
  const confirm = dialog.getByRole('button', { name: /确\s*定/ })
  expect(await confirm.isDisabled()).toBe(true)
  expect(
    await dialog.getByRole('button', { name: /close|关闭/i }).count(),
  ).toBe(0)
  await page.mouse.click(5, 5)
  expect(await dialog.isVisible()).toBe(true)
  await tick(dialog.getByRole('checkbox', { name: MSG_NOTICE_READ }))
  await confirm.click()
  await dialog.waitFor({ state: 'hidden' })
}

export const fileInput = (page: Page, label: string) =>
  page
    .locator('.ant-form-item', { has: page.getByText(label, { exact: true }) })
    .locator('input[type="file"]')

async function staffPost(path: string, token: string, body: object) {
  const response = await fetch(`${baseUrl}/staff-api${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as { state?: string; message?: string }
  expect(answer.message ?? '', `${path}: ${answer.message}`).toBe('')
  expect(response.status).toBe(200)
  return answer
}

// What leaves the department passes two people: 钱干事 drafts and submits, 赵科长 lets it out.
const DRAFTED = { decide: 'decision', publish: 'publication' } as const

export async function staff(complaintNo: string, action: string, body: object) {
  const path = `/complaints/${complaintNo}`
  if (action === 'decide' || action === 'publish')
    await staffPost(
      `${path}/${DRAFTED[action]}-draft/submit`,
      drafterToken,
      body,
    )
  return staffPost(`${path}/actions/${action}`, staffToken, {
    operator: '赵科长',
    ...body,
  })
}

// Minimal real files: the server checks content, not names.
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function choose(page: Page, label: string, option: string | RegExp) {
  const openLists = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
  )
  // The list of the previous select may still be closing and hold the same option text.
  await expect.poll(() => openLists.count()).toBe(0)
  await page.getByLabel(label, { exact: true }).click()
  await pickOption(
    openLists.locator('.ant-select-item-option', { hasText: option }).first(),
  )
}

async function typeDate(page: Page, label: string, date: string) {
  const input = page.getByLabel(label, { exact: true })
  await input.click()
  await input.fill(date)
  await input.press('Enter')
}

export type Filed = {
  complaintNo: string
  queryCode: string
  projectName: string
}

export async function fillComplaintForm(
  page: Page,
  context: BrowserContext,
  options: { phone: string; withObjection: boolean; spokenCaptcha?: boolean },
): Promise<string> {
  await page.goto(`${baseUrl}/complaint/apply`)
  await acceptNotice(page)

  await page.getByLabel('招标项目', { exact: true }).click()
  const firstProject = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .locator('.ant-select-item-option')
    .first()
  await firstProject.waitFor()
  const projectLabel = await firstProject.innerText()
  await pickOption(firstProject)

  await choose(page, '投诉人角色', '投标人')
  await page.getByLabel('单位名称').fill(COMPLAINANT)
  await page.getByLabel('统一社会信用代码').fill(CREDIT_CODE)
  await page.getByLabel('法定代表人（负责人）').fill('王建国')
  await page
    .getByLabel('地址', { exact: true })
    .first()
    .fill('乌鲁木齐市天山区解放北路1号')
  await page.getByLabel('联系人', { exact: true }).fill('李明')
  await page.getByLabel('联系电话（手机）').fill(options.phone)

  await choose(page, '角色', '评标委员会')
  await page.getByLabel('名称', { exact: true }).fill('本项目评标委员会')

  if (options.withObjection) {
    await choose(page, '投诉类型', '对评标结果的投诉')
    await typeDate(page, '提出异议日期', '2026-11-10')
    await tick(page.getByLabel('已答复'))
    await typeDate(page, '答复日期', '2026-11-13')
    await fileInput(page, '异议材料').setInputFiles({
      name: '异议书及答复.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    })
    await page.getByRole('link', { name: '异议书及答复.pdf' }).waitFor()
  } else {
    await choose(page, '投诉类型', '其他')
  }

  // The editor loads when the visitor turns to the field.
  const facts = await richTextBody(page, '投诉事项及事实依据')
  await facts.click()
  await page.keyboard.type(
    '评标委员会未按招标文件规定的评标标准和方法评审，将我公司的类似工程业绩错误认定为无效，导致我公司未能进入中标候选人名单。',
  )
  await page
    .getByLabel('投诉请求')
    .fill('请求责令招标人组织原评标委员会重新评审。')

  const evidence = fileInput(page, '证据材料')
  await evidence.setInputFiles({
    name: '业绩证明.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await page.getByRole('link', { name: '业绩证明.pdf' }).waitFor()
  // The evidence is this browser's to read back, and nobody else's.
  const evidenceUrl = await page
    .getByRole('link', { name: '业绩证明.pdf' })
    .getAttribute('href')
  expect((await context.request.get(baseUrl + evidenceUrl)).status()).toBe(200)
  expect((await fetch(baseUrl + evidenceUrl)).status).toBe(404)
  await evidence.setInputFiles({
    name: '评分表截图.png',
    mimeType: 'image/png',
    buffer: PNG,
  })
  await page.getByRole('link', { name: '评分表截图.png' }).waitFor()

  // The captcha's answer comes through the test hook (PORTAL_TEST_HOOKS=1 only).
  const captchaImage = page.getByRole('img', { name: '图形验证码图片' })
  await captchaImage.waitFor()
  let captchaShown = captchaImage
  if (options.spokenCaptcha) {
    await page.getByRole('button', { name: '听语音验证码' }).click()
    captchaShown = page.getByLabel('语音验证码录音')
    await captchaShown.waitFor()
  }
  const captchaId = await captchaShown.getAttribute('data-captcha-id')
  const { answer } = (await (
    await fetch(`${baseUrl}/__test__/captcha?t=${captchaId}`)
  ).json()) as { answer: string }
  await page
    .getByLabel(options.spokenCaptcha ? '语音验证码' : '图形验证码', {
      exact: true,
    })
    .fill(answer)
  const smsBefore = (await smsMessagesTo(options.phone)).length
  await page.getByRole('button', { name: '获取短信验证码' }).click()
  const code = await waitForSms(options.phone, SMS_CODE_PATTERN, {
    after: smsBefore,
  })
  await page.getByLabel('短信验证码', { exact: true }).fill(code)
  return projectLabel.replace(/（.*）$/, '')
}

async function waitForGenerationStart(page: Page) {
  const status = page.getByTestId('filing-progress').getByRole('status')
  let line = ''
  await expect
    .poll(async () => {
      line = (await status.innerText().catch(() => '')).trim()
      return line !== '' && line !== '正在检查填写内容…'
    })
    .toBe(true)
  return line
}

const formErrors = async (page: Page) =>
  (await page.locator('.ant-form-item-explain-error').allInnerTexts()).join(
    '；',
  ) || '（没有字段提示）'

export async function generateLetter(page: Page) {
  const release = await holdCalls(page, '**/xjApi/api/xjslts/complaint/form')
  await page.getByRole('button', { name: '生成投诉书' }).click()
  const progress = page.getByTestId('filing-progress')
  // The form is checked first (正在检查填写内容…): a check that refuses ends here with the
  // page's own words, not with a wait that runs out.
  const line = await waitForGenerationStart(page)
  if (line !== '正在生成投诉书…')
    throw new Error(
      `生成投诉书 did not start: ${line}; the form says: ${await formErrors(page)}`,
    )
  expect(await progress.getByRole('status').innerText()).toBe('正在生成投诉书…')
  await expectNoAxeViolations(page)
  await release()
  await page.getByText('未签章').waitFor({ timeout: 60_000 })
  expect(await progress.getByRole('status').innerText()).toBe(
    '投诉书已生成，请预览并加盖电子印章',
  )
  await page.getByRole('button', { name: '预览 投诉书.pdf' }).click()
  await expectPdfPreviewShown(page)
}

export async function openSignDialog(page: Page, button = '电子签章') {
  await page.getByRole('button', { name: button, exact: true }).click()
  const dialog = await openedDialog(page, '电子签章')
  // The holder comes from the letter, the number masked: nothing to type.
  expect(await dialog.innerText()).toContain(COMPLAINANT)
  expect(await dialog.innerText()).toContain('9165**********1234')
  return dialog
}

export async function confirmOnSigningPage(signing: Page) {
  await expect.poll(() => signing.title()).toBe('电子签章')
  const holder = signing.getByRole('region', { name: '签章主体' })
  expect(await holder.innerText()).toContain(COMPLAINANT)
  expect(await holder.innerText()).toContain('9165**********1234')
  expect(await signing.locator('input[type="text"]').count()).toBe(0)
  await signing.getByRole('button', { name: '确认签章' }).click()
  // Sealing issues a key and subsets the font: seconds on a busy machine.
  await signing
    .getByRole('heading', { name: '签章成功' })
    .waitFor({ timeout: 60_000 })
}

export async function sealInNewWindow(
  page: Page,
  context: BrowserContext,
  button = '电子签章',
  inspect?: (signing: Page) => Promise<void>,
) {
  const dialog = await openSignDialog(page, button)
  // 确认 before the first 签章: said in the page, with no failed request in the browser's
  // console. (A letter sealed before has a seal to fetch.)
  if (button === '电子签章') {
    const failed: string[] = []
    const onResponse = (response: Response) => {
      if (response.status() >= 400) failed.push(response.url())
    }
    page.on('response', onResponse)
    await dialog.getByRole('button', { name: '确认', exact: true }).click()
    await page.getByText(MSG_NOT_SIGNED_YET).waitFor()
    page.off('response', onResponse)
    expect(failed).toEqual([])
  }
  const popupOpened = context.waitForEvent('page')
  await dialog.getByRole('button', { name: '签章', exact: true }).click()
  const signing = await popupOpened
  if (inspect) {
    await signing.getByRole('button', { name: '确认签章' }).waitFor()
    await inspect(signing)
  }
  await confirmOnSigningPage(signing)
  await signing.close()
  await dialog.getByRole('button', { name: '确认', exact: true }).click()
  await page.getByText('已加盖电子印章').waitFor()
  // No line left over from generating that still asks for the seal.
  expect(await page.getByTestId('filing-progress').count()).toBe(0)
}

export async function sealInThisTab(page: Page, button = '电子签章') {
  const dialog = await openSignDialog(page, button)
  expect(await dialog.innerText()).toContain('在本页打开签章页面')
  await dialog.getByRole('button', { name: '签章', exact: true }).click()
  await page.waitForURL(/\/ca\/sign\?token=/)
  await confirmOnSigningPage(page)
  await page.getByRole('link', { name: '返回投诉页面' }).click()
  await page.waitForURL(/\/complaint\/apply$/)
  await page.getByText('已加盖电子印章').waitFor({ timeout: 60_000 })
}

export async function submitComplaint(page: Page, phone: string) {
  const release = await holdCalls(page, '**/xjApi/api/xjslts/zxtstj')
  await page.getByRole('button', { name: '提交投诉' }).click()
  await page
    .getByTestId('filing-progress')
    .getByText('正在校验电子印章并提交投诉…')
    .waitFor()
  await release()
  await page.getByText('投诉已提交').waitFor({ timeout: 60_000 })
  const complaintNo = await page.getByTestId('complaint-no').innerText()
  const shown = page.getByTestId('query-code')
  const queryCode = (await shown.getAttribute('data-query-code')) ?? ''
  expect(complaintNo).toMatch(/^\d{12}$/)
  expect(queryCode).toMatch(/^[A-HJKMNP-Z2-9]{12}$/)
  // Shown in groups of four, in a monospaced face.
  expect((await shown.innerText()).replace(/\s/g, '')).toBe(queryCode)
  expect(
    await shown.evaluate((element) => getComputedStyle(element).fontFamily),
  ).toMatch(/mono/i)
  expect(
    await waitForSms(phone, /投诉编号(\d{12})，查询码([A-Z2-9]{12})/),
  ).toBe(complaintNo)
  expect((await smsMessagesTo(phone)).at(-1)).toContain(queryCode)
  expect(
    await page.evaluate(() => sessionStorage.getItem('complaint-apply-draft')),
  ).toBeNull()
  // The sealed 回执 is this browser's to download at once.
  const receipt = page.getByRole('link', { name: '投诉回执（PDF）' })
  expect(await receipt.getAttribute('download')).toBe(
    `投诉回执（${complaintNo}）.pdf`,
  )
  const pdf = await page.request.get(
    new URL((await receipt.getAttribute('href'))!, page.url()).href,
  )
  expect(pdf.status()).toBe(200)
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  return { complaintNo, queryCode }
}

export async function fileComplaint(
  page: Page,
  context: BrowserContext,
  options: { phone: string; withObjection: boolean; spokenCaptcha?: boolean },
): Promise<Filed> {
  const projectName = await fillComplaintForm(page, context, options)
  await generateLetter(page)
  if ((page.viewportSize()?.width ?? 1440) < 768) await sealInThisTab(page)
  else await sealInNewWindow(page, context)
  return { ...(await submitComplaint(page, options.phone)), projectName }
}

export async function queryComplaint(
  page: Page,
  filed: Pick<Filed, 'complaintNo' | 'queryCode'>,
) {
  await page.goto(`${baseUrl}/complaint/search`)
  // The page paints before its scripts run: the form's fields and tabs answer once hydrated.
  await waitForHydration(page)
  const form = page.getByRole('tabpanel', { name: '按投诉编号查询' })
  await form.getByLabel('投诉编号').fill(filed.complaintNo)
  await form.getByLabel('查询码').fill(filed.queryCode)
  await form.getByRole('button', { name: /查\s*询/ }).click()
  await page
    .getByRole('heading', { name: new RegExp(`投诉编号 ${filed.complaintNo}`) })
    .waitFor()
}

export async function supplyMaterial(
  page: Page,
  note: string,
  fileName: string,
) {
  await page.getByRole('button', { name: /补充材料（/ }).click()
  const material = await openedDialog(page, '补充材料')
  await material.getByLabel('补正说明').fill(note)
  await fileInput(page, '补充的材料').setInputFiles({
    name: fileName,
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await material.getByRole('link', { name: fileName }).waitFor()
  await material.getByRole('button', { name: '提交补充材料' }).click()
  await page.getByText('补充材料已提交').waitFor()
}
